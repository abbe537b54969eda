/** Run the CLI in-process and capture what it prints. */
import { runCli } from '../../src-main/cli/run-cli';

export type CliRun = { code: number; stdout: string; stderr: string };

/** `little-inspector <argv…>` with stdout/stderr captured. */
export async function cli(...argv: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}
