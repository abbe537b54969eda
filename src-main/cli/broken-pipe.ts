/**
 * A reader that goes away (`little-inspector runs | head -3`, a pager quit early) makes the next
 * write to stdout fail with EPIPE. Unhandled, Node prints a stack trace of an "Unhandled 'error'
 * event" and exits 1, which reads as our crash. As `head`'s writer would, the process ends
 * quietly instead, with 0: nobody is left to read the rest, and nothing went wrong on our side.
 */
type ErrorStream = { on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown };

/** Make a closed stdout (or stderr) end the process quietly; any other stream error is thrown as before. */
export function endQuietlyOnBrokenPipe(streams: readonly ErrorStream[], exit: (code: number) => void = (code) => process.exit(code)): void {
  for (const stream of streams) {
    stream.on('error', (error) => {
      if (error.code === 'EPIPE') exit(0);
      else throw error;
    });
  }
}
