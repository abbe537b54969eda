/**
 * Text from a data dir (payload snippets in parse errors, event types, paths, labels) is
 * untrusted: printed raw, a newline would forge extra output lines and an ESC sequence
 * would drive the user's terminal (retitle it, rewrite the screen, hide text). Everything
 * the CLI prints from such text goes through `terminalSafe` first.
 */

/** C0 and C1 controls, DEL, and the bidi overrides/isolates used to disguise text. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` on one line with every control or bidi character shown as `\u{XX}` (`\n` as `\n`). */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : `\\u{${c.charCodeAt(0).toString(16)}}`));
}
