import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EARLY_PREPARE_SCRIPT } from './early-prepare-script';
import { TOKEN_STORAGE_KEY } from './web-token-key';
import { THEME_STORAGE_KEY } from './theme/theme';

type Sent = { url: string; init: { method: string; headers: Record<string, string>; body: string } };

/** Run the inline script in a page of its own: the address, this tab's storage, and whether the preload's bridge is there. */
function runScript(href: string, options: { stored?: string; electron?: boolean; storageThrows?: boolean; fetchRejects?: boolean; theme?: string; root?: Record<string, string> } = {}): Sent[] {
  const url = new URL(href);
  const sent: Sent[] = [];
  const window: Record<string, unknown> = options.electron ? { inspector: {} } : {};
  const root = options.root ?? {};
  runInNewContext(EARLY_PREPARE_SCRIPT, {
    localStorage: {
      getItem: (key: string) => {
        if (options.storageThrows) throw new Error('storage disabled');
        return key === THEME_STORAGE_KEY ? (options.theme ?? null) : null;
      },
    },
    document: { documentElement: { setAttribute: (name: string, value: string) => (root[name] = value) } },
    window,
    location: { hash: url.hash, search: url.search },
    URLSearchParams,
    sessionStorage: {
      getItem: (key: string) => {
        if (options.storageThrows) throw new Error('storage disabled');
        return key === TOKEN_STORAGE_KEY ? (options.stored ?? null) : null;
      },
    },
    fetch: (target: string, init: Sent['init']) => {
      sent.push({ url: target, init });
      return options.fetchRejects ? Promise.reject(new Error('offline')) : Promise.resolve({});
    },
    JSON,
  });
  return sent;
}

describe('the inline early prepare', () => {
  it('sends a run deep link\'s hash to run.prepare with the token from the address', () => {
    const sent = runScript('http://127.0.0.1:5/?token=T0k#/run/run_1/at/3/steps?dir=a');
    expect(sent).toEqual([
      { url: '/api/call/run.prepare', init: { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer T0k' }, body: JSON.stringify({ hash: '#/run/run_1/at/3/steps?dir=a' }) } },
    ]);
  });

  it('takes the token from this tab\'s storage once the app has moved it there (a reload)', () => {
    expect(runScript('http://127.0.0.1:5/#/run/run_1', { stored: 'S' })[0]!.init.headers.Authorization).toBe('Bearer S');
  });

  it('does nothing in Electron, on any address that is not a run, without a token, or when storage is disabled', () => {
    expect(runScript('http://127.0.0.1:5/?token=T#/run/run_1', { electron: true })).toEqual([]);
    expect(runScript('http://127.0.0.1:5/?token=T#/')).toEqual([]);
    expect(runScript('http://127.0.0.1:5/?token=T#/session/s?dir=.')).toEqual([]);
    expect(runScript('http://127.0.0.1:5/?token=T')).toEqual([]);
    expect(runScript('http://127.0.0.1:5/#/run/run_1')).toEqual([]);
    expect(runScript('http://127.0.0.1:5/#/run/run_1', { storageThrows: true })).toEqual([]);
  });

  it('never throws when the request fails (the module script asks again)', async () => {
    expect(runScript('http://127.0.0.1:5/?token=T#/run/run_1', { fetchRejects: true })).toHaveLength(1);
    // The rejection is handled: nothing reaches unhandledRejection.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('puts the cached theme on the page first, in Electron and on every address, and ignores anything else', () => {
    for (const [href, electron] of [['http://127.0.0.1:5/#/', false], ['app://inspector/index.html#/run/run_1', true]] as const) {
      const root: Record<string, string> = {};
      runScript(href, { theme: 'dark', electron, root });
      expect(root).toEqual({ 'data-theme': 'dark' });
    }
    const root: Record<string, string> = {};
    runScript('http://127.0.0.1:5/#/', { theme: 'purple', root });
    runScript('http://127.0.0.1:5/#/', { theme: 'light', storageThrows: true, root });
    expect(root).toEqual({});
  });
});
