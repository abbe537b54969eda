/**
 * Entry of the SQL child process (sql-child-launch.ts starts it, sql-budget.ts kills it when its
 * budget is spent): one job in, its messages out, then it ends. Under `child_process.fork` it
 * talks over `process.send`; under Electron's `utilityProcess`, over `process.parentPort`.
 */
import { diagnostic } from '../../shared/diagnostics';
import { doSqlJob, type SqlChildMessage, type SqlJob } from './sql-child-job';

type ParentPort = { on(event: 'message', listener: (event: { data: unknown }) => void): void; postMessage(message: unknown): void };
const port = (process as unknown as { parentPort?: ParentPort }).parentPort;

const post = (message: SqlChildMessage): void => {
  if (port !== undefined) port.postMessage(message);
  else process.send?.(message);
};

async function run(job: SqlJob): Promise<void> {
  try {
    await doSqlJob(job, post);
  } catch (error) {
    post({ kind: 'failed', error: diagnostic('internal', `The SQL process failed: ${error instanceof Error ? error.message : String(error)}`) });
  }
  // Under fork, disconnecting sends what is queued and lets the process end; a utility process is told to.
  if (port !== undefined) setImmediate(() => process.exit(0));
  else process.disconnect?.();
}

if (port !== undefined) port.on('message', (event) => void run(event.data as SqlJob));
else process.once('message', (job) => void run(job as SqlJob));
