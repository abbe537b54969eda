/**
 * The live child processes of this process whose command line names `script` (Linux /proc), so a
 * test can see a child start and prove it is gone, not merely that its parent stopped listening.
 */
import { readdirSync, readFileSync } from 'node:fs';

export function childPids(script: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The fields after the parenthesised command: state, then the parent's pid.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) !== process.pid || state === 'Z') continue;
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(script)) pids.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** True while a process with `pid` exists (a zombie not yet reaped counts as existing). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** The first child naming `script` to appear (polled; the test's own timeout bounds the wait). */
export async function firstChild(script: string): Promise<number> {
  for (;;) {
    const [pid] = childPids(script);
    if (pid !== undefined) return pid;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
