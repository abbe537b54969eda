/**
 * The renderer's Content Security Policy, built from `default-src 'none'` upwards.
 *
 * One string used by both delivery paths (the app:// protocol handler's response headers and
 * session.webRequest.onHeadersReceived), so they can never disagree. No 'unsafe-inline' for
 * styles: React's `style={{…}}` props are applied through the CSSOM, which CSP does not gate;
 * only `<style>` elements and `style="…"` markup would need it, and we ship neither. Scripts
 * come from the app's own files, plus one inline script allowed by its SHA-256 alone (never
 * 'unsafe-inline'): index.html's early prepare (shared/early-prepare-script.ts).
 */
import { createHash } from 'node:crypto';
import { EARLY_PREPARE_SCRIPT } from '../shared/early-prepare-script';

/** The CSP source allowing exactly the inline script `text` (its SHA-256, as browsers hash a script element's text). */
export function inlineScriptSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Each directive and its sources; everything not listed falls back to default-src 'none'. */
export const CSP_DIRECTIVES: Readonly<Record<string, string>> = Object.freeze({
  'default-src': "'none'",
  'script-src': `'self' ${inlineScriptSource(EARLY_PREPARE_SCRIPT)}`,
  'style-src': "'self'",
  'img-src': "'self' data:",
  'font-src': "'self'",
  // The renderer talks to main over IPC, never the network; 'self' lets it fetch its own assets.
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
  // Only honoured as a header (not in <meta>), one more reason to send it as a header.
  'frame-ancestors': "'none'",
});

/** The policy as a header value. */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([directive, sources]) => `${directive} ${sources}`)
  .join('; ');

/** Response headers with any existing CSP replaced by ours (header names compared case-insensitively). */
export function withContentSecurityPolicy(
  headers: Record<string, string | string[]> | undefined,
): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    // Drop any server-sent policy (and report-only variant) so ours is the only one in force.
    if (!name.toLowerCase().startsWith('content-security-policy')) result[name] = value;
  }
  result['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  return result;
}
