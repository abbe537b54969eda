/** Where the CLI writes; injectable so commands are testable without spawning. */
export type CliIo = {
  stdout(text: string): void;
  stderr(text: string): void;
};

/** The process's own streams. */
export const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};
