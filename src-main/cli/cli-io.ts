/** Where the CLI writes; injectable so commands are testable without spawning. */
import { terminalIo } from './terminal-safe';

export type CliIo = {
  stdout(text: string): void;
  stderr(text: string): void;
  /**
   * When stdout holds more than its buffer (a slow pipe), a promise of the moment it drained (or
   * closed); null when it can take more now. A command that prints without end of its own (`events`)
   * waits on it, so a slow reader costs time, never memory. Absent: never full (a test's capture).
   */
  stdoutFull?(): Promise<void> | null;
};

/** The process's own streams; a stream that is a terminal never receives a raw control character. */
export const processIo: CliIo = terminalIo(process.stdout, process.stderr);
