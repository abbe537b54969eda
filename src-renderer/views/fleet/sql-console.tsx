/**
 * The SQL console (`#/fleet/sql`): one read-only statement over the fleet index (`fleet.sql`,
 * the same check, tables and time budget as `little-inspector sql`), Run or Ctrl+Enter; the
 * tables with their columns (`fleet.tables`); the rows in a virtualised table (up to the 10,000-row
 * cap); refusals and the time budget as typed errors; "Chart this": x and y columns as a bar or line.
 */
import { lazy, Suspense, useState } from 'react';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { FleetSqlAnswer } from '../../../shared/fleet/fleet-sql-types';
import { runFleetSql, useFleetTables } from '../../stores/fleet-store';
import { VirtualList } from '../../components/virtual-list';

const SqlChart = lazy(() => import('./sql-chart').then((m) => ({ default: m.SqlChart })));

const FIRST_QUERY = 'SELECT status, count(*) AS runs, sum(cost_usd) AS cost_usd, sum(unpriced_calls) AS unpriced_calls\nFROM runs GROUP BY status ORDER BY runs DESC';
const ROW = 24;

type Outcome = { phase: 'idle' } | { phase: 'running' } | { phase: 'done'; answer: FleetSqlAnswer } | { phase: 'error'; error: Diagnostic };

export function SqlConsole() {
  const [sql, setSql] = useState(FIRST_QUERY);
  const [budgetS, setBudgetS] = useState(10);
  const [outcome, setOutcome] = useState<Outcome>({ phase: 'idle' });
  const tables = useFleetTables();
  const run = () => {
    setOutcome({ phase: 'running' });
    void runFleetSql(sql, Math.round(budgetS * 1000)).then((r) => setOutcome(r.ok ? { phase: 'done', answer: r.value } : { phase: 'error', error: r.error }));
  };
  return (
    <div className="sql-console">
      <aside className="sql-tables" aria-label="Tables">
        <h3>Tables</h3>
        {tables === null ? <p className="muted">Indexing…</p> : (
          <>
            <p className="muted">{tables.indexed.runs} runs · {tables.indexed.events.toLocaleString('en-US')} events indexed</p>
            {tables.tables.map((t) => (
              <details key={t.name}>
                <summary className="mono">{t.name}{t.kind === 'view' ? ' (view)' : ''}</summary>
                <ul>{t.columns.map((c) => <li key={c.name} className="mono">{c.name} <span className="muted">{c.type}</span></li>)}</ul>
              </details>
            ))}
          </>
        )}
      </aside>
      <div className="sql-main">
        <textarea
          className="sql-editor mono"
          aria-label="SQL query"
          value={sql}
          spellCheck={false}
          rows={6}
          onChange={(e) => setSql(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              run();
            }
          }}
        />
        <div className="sql-actions">
          <button type="button" onClick={run} disabled={outcome.phase === 'running' || sql.trim() === ''}>Run</button>
          <span className="muted"><kbd>Ctrl</kbd> <kbd>Enter</kbd></span>
          <label>Time budget (s) <input type="number" min={0.1} max={600} step={1} value={budgetS} onChange={(e) => setBudgetS(Math.min(600, Math.max(0.1, Number(e.target.value) || 10)))} /></label>
          <span className="muted">read-only · at most 10,000 rows</span>
        </div>
        <Result outcome={outcome} />
      </div>
    </div>
  );
}

function Result({ outcome }: { outcome: Outcome }) {
  if (outcome.phase === 'idle') return <p className="muted">Run a query: SELECT, WITH or VALUES over the tables on the left.</p>;
  if (outcome.phase === 'running') return <p className="muted" aria-busy="true">Running…</p>;
  if (outcome.phase === 'error') return <p role="alert" className="error sql-error" data-code={outcome.error.code}><strong>{outcome.error.code}</strong>: {outcome.error.message}</p>;
  return <Rows answer={outcome.answer} />;
}

const cell = (v: unknown): string => (v === null || v === undefined ? 'NULL' : typeof v === 'string' ? v : JSON.stringify(v));

function Rows({ answer }: { answer: FleetSqlAnswer }) {
  const [chart, setChart] = useState(false);
  const columns = answer.columns;
  const template = `repeat(${columns.length}, minmax(8em, 1fr))`;
  return (
    <div className="sql-result">
      <p className="muted" role="status">
        {answer.rows.length.toLocaleString('en-US')} row{answer.rows.length === 1 ? '' : 's'}{answer.truncated ? ` (stopped at the ${answer.rowCap.toLocaleString('en-US')}-row cap)` : ''}
        <button type="button" className="sql-chart-toggle" onClick={() => setChart((c) => !c)} disabled={columns.length < 2}>Chart this</button>
      </p>
      {chart && <Suspense fallback={<p className="muted">Drawing…</p>}><SqlChart answer={answer} /></Suspense>}
      <VirtualList
        className="sql-rows"
        label="Query result"
        role="table"
        count={answer.rows.length}
        rowHeight={ROW}
        headerHeight={ROW}
        header={<div className="sql-row sql-head" role="row" style={{ gridTemplateColumns: template }}>{columns.map((c, i) => <span key={i} role="columnheader" className="mono">{c}</span>)}</div>}
        renderRow={(i) => (
          <div className="sql-row" role="row" style={{ gridTemplateColumns: template }}>
            {answer.rows[i].map((v, j) => <span key={j} role="cell" className={`mono${v === null ? ' muted' : ''}`} title={cell(v)}>{cell(v)}</span>)}
          </div>
        )}
      />
    </div>
  );
}
