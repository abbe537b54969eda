/**
 * The SQL time budget (docs/FLEET.md "SQL"): a statement runs in a child process (sql-child.ts)
 * and when it has not answered `budgetMs` after the index was ready, the child is killed and the
 * query reported as `sql-timeout`, the budget in the message and in `detail.budgetMs`. One way
 * for `little-inspector sql --timeout` and the app's console (`fleet.sql`). Refusals decided by
 * the statement's text come back before any process starts.
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

/** Run `job.sql` (null: the tables only) in a child process under `budgetMs`. */
export async function runSqlJob(job: SqlBudgetJob & { sql: string }, budgetMs: number): Promise<Result<FleetSqlAnswer>>;
export async function runSqlJob(job: SqlBudgetJob & { sql: null }, budgetMs: number): Promise<Result<FleetSqlTables>>;
export async function runSqlJob(job: SqlBudgetJob, budgetMs: number): Promise<Result<FleetSqlAnswer | FleetSqlTables>> {
  if (job.sql !== null) {
    const statement = readStatement(job.sql);
    if (!statement.ok) return statement;
  }
  const script = sqlChildScript();
  if (script === null) return fail(diagnostic('internal', 'The SQL process script is missing (out/main/fleet-sql-child.js): build the app.'));
  let child: SqlChild;
  try {
    child = await launchSqlChild(script);
  } catch (error) {
    return fail(diagnostic('internal', `Cannot start the SQL process: ${error instanceof Error ? error.message : String(error)}`));
  }
  const cap = job.cap ?? SQL_ROW_CAP;
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | null = null;
    let tables: FleetSqlTables | null = null;
    const settle = (result: Result<FleetSqlAnswer | FleetSqlTables>): void => {
      if (settled) return;
      settled = true;
      if (timer !== null) clearTimeout(timer);
      child.kill();
      resolve(result);
    };
    child.onMessage((raw) => {
      const message = raw as SqlChildMessage;
      if (message.kind === 'indexed') {
        tables = { tables: message.tables, indexed: { runs: message.runs, events: message.events } };
        timer = setTimeout(() => settle(fail(sqlTimeout(budgetMs))), budgetMs);
      } else if (message.kind === 'failed') settle(fail(message.error));
      else if (tables === null) settle(fail(diagnostic('internal', 'The SQL process answered before its index was ready.')));
      else if (message.result === null) settle(ok(tables));
      else settle(message.result.ok ? ok({ ...message.result.value, ...tables, budgetMs, rowCap: cap }) : message.result);
    });
    child.onExit((code, stderr) => settle(fail(diagnostic('internal', `The SQL process ended (exit ${String(code)}) without an answer${stderr.trim() === '' ? '' : `: ${stderr.trim().slice(-500)}`}`))));
    child.send({ ...job, cap } satisfies SqlJob);
  });
}
