/**
 * Credentials of a target never reach a message: the URL's userinfo (`user:pw@host`, which Node
 * sends as Basic auth) is shown as `***@`, and every header value (`Authorization`, `--header`,
 * OTEL_EXPORTER_OTLP_HEADERS, the app's headers) and userinfo part is masked wherever it shows up
 * in text we print or hand back: the backend's answer, an exporter's error, a URL that did not parse.
 * The app's settings keep an endpoint's userinfo as they keep a secret header: a page sees the
 * URL as shown here, and sending that shown URL back means "the URL main keeps".
 */

/**
 * `url` with its userinfo (if any) replaced by `***` (a URL without one comes back as it was);
 * text that does not parse has anything between `//` and `@` masked.
 */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return url;
    parsed.username = '***';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url.replace(/\/\/[^/?#\s]*@/, '//***@');
  }
}

/**
 * The secret strings of a target, to mask: header values and the userinfo parts, raw and
 * percent-decoded. Values shorter than 4 characters are left out (masking every `1` or `on` in
 * a message would hide what the message says, and such values protect nothing).
 */
export function secretsOf(url: string, headers: Readonly<Record<string, string>>): string[] {
  const out = new Set<string>();
  const add = (value: string) => {
    if (value.length >= MIN_SECRET) out.add(value);
    try {
      const decoded = decodeURIComponent(value);
      if (decoded.length >= MIN_SECRET) out.add(decoded);
    } catch {
      // Not percent-encoded: the raw form is enough.
    }
  };
  for (const value of Object.values(headers)) {
    add(value);
    // `Basic <b64>` / `Bearer <token>`: the credential alone, in case a backend echoes only it.
    const token = /^\s*\S+\s+(\S+)\s*$/.exec(value)?.[1];
    if (token !== undefined) add(token);
  }
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@]*)@/i.exec(url)?.[1];
  if (userinfo !== undefined) {
    add(userinfo);
    for (const part of userinfo.split(':')) add(part);
  }
  // Longest first, so a value that contains another is masked whole.
  return [...out].sort((a, b) => b.length - a.length);
}

const MIN_SECRET = 4;

/** `text` with every secret masked (`***`) and any URL userinfo hidden. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let out = text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/gi, '$1***@');
  for (const secret of secrets) out = out.split(secret).join('***');
  return out;
}
