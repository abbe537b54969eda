/**
 * The one inline script of index.html, first in its head: on a deep link to a run in browser
 * mode it sends the location hash to `run.prepare` as the HTML is parsed, so the server starts
 * folding the run before any of the page's scripts has even been fetched; the app's own
 * `run.detail` of the run then finds the build already running.
 *
 * Plain ES5 text, not a module: the build puts it into index.html byte for byte
 * (scripts/build/early-script.ts), and the Content-Security-Policy allows exactly this text by its
 * SHA-256 (src-main/content-security-policy.ts). It needs nothing from the page: the token comes
 * from the address (`?token=`, before the app moves it: web-token.ts) or this tab's storage; the server parses the hash (shared/run-address.ts). In Electron
 * (`window.inspector`, the preload's bridge) and on any address that is not a run's it does nothing.
 */
import { TOKEN_STORAGE_KEY } from './web-token-key';
import { THEME_STORAGE_KEY } from './theme/theme';

export const EARLY_PREPARE_SCRIPT = [
  '(function () {',
  // First, in Electron too: the theme the user chose (cached by stores/theme-store.ts), so the
  // first paint is never the wrong theme; the app then asks main for the kept one.
  '  try {',
  `    var theme = localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});`,
  "    if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);",
  '  } catch (e) {}',
  '  try {',
  "    if (window.inspector || !/^#\\/?run\\//.test(location.hash)) return;",
  `    var token = new URLSearchParams(location.search).get('token') || sessionStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)});`,
  '    if (!token) return;',
  "    fetch('/api/call/run.prepare', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token }, body: JSON.stringify({ hash: location.hash }) }).catch(function () {});",
  '  } catch (e) {}',
  '})();',
].join('\n');
