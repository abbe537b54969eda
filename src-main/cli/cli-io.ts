/** Where the CLI writes; injectable so commands are testable without spawning. */
import { terminalIo } from './terminal-safe';

export type CliIo = {
  stdout(text: string): void;
  stderr(text: string): void;
};

/** The process's own streams; a stream that is a terminal never receives a raw control character. */
export const processIo: CliIo = terminalIo(process.stdout, process.stderr);
