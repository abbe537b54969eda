/** Line-by-line stdout of a child process (the test writers answer one JSON line per command). */
import type { ChildProcess } from 'node:child_process';

/** Call `onLine` for every complete line the child prints; a partial line waits for its newline. */
export function onStdoutLines(child: ChildProcess, onLine: (line: string) => void): void {
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    let nl;
    while ((nl = pending.indexOf('\n')) !== -1) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      onLine(line);
    }
  });
}
