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

/** A writable the CLI prints to (process.stdout/stderr fit); `once` lets a writer wait for 'drain'. */
export type OutputStream = { isTTY?: boolean; write(text: string): unknown; once?(event: 'drain', listener: () => void): unknown };

/** Writers for two streams that escape controls on whichever of them is a terminal; stdout says when it is full. */
export function terminalIo(stdout: OutputStream, stderr: OutputStream): CliIo {
  const writer = (stream: OutputStream) => (text: string) => stream.write(stream.isTTY === true ? escapeControlChars(text, { newlines: true }) : text);
  const toStdout = writer(stdout);
  const toStderr = writer(stderr);
  // `write` answers false once the stream buffers past its high-water mark; 'drain' says it emptied.
  // A reader that goes away makes the pending write fail (EPIPE), which ends the process as before.
  let waiting: Promise<void> | null = null;
  return {
    stdout: (text) => {
      if (toStdout(text) !== false || waiting !== null || stdout.once === undefined) return;
      const once = stdout.once.bind(stdout);
      waiting = new Promise<void>((resolve) => once('drain', () => resolve(void (waiting = null))));
    },
    stderr: (text) => void toStderr(text),
    stdoutFull: () => waiting,
  };
}
