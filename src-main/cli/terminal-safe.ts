/**
 * Text from a data dir (payload snippets in parse errors, event types, paths, labels, folder
 * names) and from price tables is untrusted: printed raw, a newline would forge extra output
 * lines and an ESC sequence would drive the user's terminal (retitle it, rewrite the screen,
 * hide text). Two layers:
 *
 * - `terminalSafe` on every field the CLI's own lines quote (diagnostics, notices, table
 *   names): one line, no controls, whatever the output is;
 * - `terminalIo`: when a stream is a terminal, everything written to it passes
 *   `escapeControlChars` (newlines and tabs kept). Output that must stay byte-compatible with
 *   `little` (`events`, `report --table`, `export --format md`, `tail --json`) is raw only when
 *   the stream is a pipe or file.
 */
import { escapeControlChars } from '../../shared/text/control-chars';
import type { CliIo } from './cli-io';

/** `text` on one line with every control or bidi character shown as `\u{XX}` (`\n` as `\n`). */
export function terminalSafe(text: string): string {
  return escapeControlChars(text);
}

/** A writable the CLI prints to (process.stdout/stderr fit). */
export type OutputStream = { isTTY?: boolean; write(text: string): unknown };

/** Writers for two streams that escape controls on whichever of them is a terminal. */
export function terminalIo(stdout: OutputStream, stderr: OutputStream): CliIo {
  const writer = (stream: OutputStream) => (text: string) =>
    void stream.write(stream.isTTY === true ? escapeControlChars(text, { newlines: true }) : text);
  return { stdout: writer(stdout), stderr: writer(stderr) };
}
