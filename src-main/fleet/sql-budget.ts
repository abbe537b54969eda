/**
 * The SQL time budget (docs/FLEET.md "SQL"): a statement runs in a child process (sql-child.ts)
 * and when it has not answered `budgetMs` after the index was ready, the child is killed and the
 * query reported as `sql-timeout`, the budget in the message and in `detail.budgetMs`. A caller
 * that gives up first (its `signal` aborts: a closed service, an interrupted CLI) kills the child
 * too, answered `cancelled`. The answer comes only once the child has exited, so a caller never
 * leaves a query running behind it. One way for `little-inspector sql --timeout` and the app's
 * console (`fleet.sql`). Refusals decided by the statement's text come back before any process starts.
 */
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import type { FleetSqlAnswer, FleetSqlTables } from '../../shared/fleet/fleet-sql-types';
import { readStatement, SQL_ROW_CAP } from './fleet-sql';
import type { SqlChildMessage, SqlJob } from './sql-child-job';
import { launchSqlChild, sqlChildScript, type SqlChild } from './sql-child-launch';

/** A job without its row cap (the cap is SQL_ROW_CAP unless told). */
export type SqlBudgetJob = Omit<SqlJob, 'cap'> & { cap?: number };

/** The `sql-timeout` diagnostic of a budget. */
export function sqlTimeout(budgetMs: number): Diagnostic {
  return diagnostic('sql-timeout', `The query ran past its ${budgetMs / 1000} s time budget and was stopped.`, { detail: { budgetMs } });
}

const sqlCancelled = (): Diagnostic => diagnostic('cancelled', 'The query was cancelled and its process stopped.');

type Answer = Result<FleetSqlAnswer | FleetSqlTables>;

/** Run `job.sql` (null: the tables only) in a child process under `budgetMs`, until `signal` aborts. */
export async function runSqlJob(job: SqlBudgetJob & { sql: string }, budgetMs: number, signal?: AbortSignal): Promise<Result<FleetSqlAnswer>>;
export async function runSqlJob(job: SqlBudgetJob & { sql: null }, budgetMs: number, signal?: AbortSignal): Promise<Result<FleetSqlTables>>;
export async function runSqlJob(job: SqlBudgetJob, budgetMs: number, signal?: AbortSignal): Promise<Answer> {
  if (job.sql !== null) {
    const statement = readStatement(job.sql);
    if (!statement.ok) return statement;
  }
  if (signal?.aborted === true) return fail(sqlCancelled());
  const script = sqlChildScript();
  if (script === null) return fail(diagnostic('internal', 'The SQL process script is missing (out/main/fleet-sql-child.js): build the app.'));
  let child: SqlChild;
  try {
    child = await launchSqlChild(script);
  } catch (error) {
    return fail(diagnostic('internal', `Cannot start the SQL process: ${error instanceof Error ? error.message : String(error)}`));
  }
  return superviseChild(child, { ...job, cap: job.cap ?? SQL_ROW_CAP }, budgetMs, signal);
}

/** Send `job` to `child` and answer with its result, its budget's timeout or the caller's give-up, once the child is gone. */
function superviseChild(child: SqlChild, job: SqlJob, budgetMs: number, signal: AbortSignal | undefined): Promise<Answer> {
  return new Promise((resolve) => {
    let answer: Answer | null = null;
    // The answer is given on the child's exit: settle only decides it and kills the child.
    let exited = false;
    let timer: NodeJS.Timeout | null = null;
    let tables: FleetSqlTables | null = null;
    const onAbort = (): void => settle(fail(sqlCancelled()));
    const settle = (result: Answer): void => {
      if (answer !== null) return;
      answer = result;
      if (timer !== null) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (!exited) child.kill();
    };
    child.onMessage((raw) => {
      const message = raw as SqlChildMessage;
      if (message.kind === 'indexed') {
        tables = { tables: message.tables, indexed: { runs: message.runs, events: message.events } };
        timer = setTimeout(() => settle(fail(sqlTimeout(budgetMs))), budgetMs);
      } else if (message.kind === 'failed') settle(fail(message.error));
      else if (tables === null) settle(fail(diagnostic('internal', 'The SQL process answered before its index was ready.')));
      else if (message.result === null) settle(ok(tables));
      else settle(message.result.ok ? ok({ ...message.result.value, ...tables, budgetMs, rowCap: job.cap }) : message.result);
    });
    child.onExit((code, stderr) => {
      exited = true;
      settle(fail(diagnostic('internal', `The SQL process ended (exit ${String(code)}) without an answer${stderr.trim() === '' ? '' : `: ${stderr.trim().slice(-500)}`}`)));
      resolve(answer as Answer);
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted === true) onAbort();
    else child.send(job);
  });
}
