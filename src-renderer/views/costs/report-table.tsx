/**
 * `little report` as a real table: the same cells as `little report --table` (the shared
 * formatters, so `n/a`, `<0.000001` and `2+1?` match byte for byte) and a button copying
 * exactly the CLI's text.
 */
import { useEffect, useState } from 'react';
import type { RunReportRow } from '../../../shared/report/run-report';
import { formatCalls, formatCost, formatShare } from '../../../shared/report/run-report-table';
import type { ReportHead, RunHead } from '../../../shared/run/run-head-types';
import { runReportText } from '../../stores/run-pieces';
import { copyText } from '../../components/copy-text';
import { useSlice } from '../../stores/use-slice';

/** Column labels, as the CLI prints them. */
export const REPORT_HEADER = ['STEP', 'IN', 'CACHED', 'CACHE%', 'OUT', 'CALLS', 'COST (USD)'] as const;
/** Body rows rendered at first and added per "show more" (the copied text always has all of them). */
const ROW_LIMIT = 200;

/** The CLI's cells of one row. */
export function reportCells(row: RunReportRow): string[] {
  return [row.stepPath, String(row.inputTokens), String(row.cachedInputTokens), formatShare(row.cacheHitShare), String(row.outputTokens), formatCalls(row), formatCost(row.costUsd)];
}

function Row({ row, total = false }: { row: RunReportRow; total?: boolean }) {
  const cells = reportCells(row);
  const unpriced = row.costUsd === null;
  return (
    <tr className={`${total ? 'report-total' : ''}${unpriced ? ' report-unpriced' : ''}`}>
      {cells.map((cell, i) => (i === 0 ? <th key={i} scope="row" className="mono">{cell}</th> : <td key={i} className="num mono">{cell}</td>))}
    </tr>
  );
}

/** The report table with its copy button; rows come from main by window, the copied text whole. */
export function ReportTable({ detail, report }: { detail: RunHead; report: ReportHead }) {
  const [limit, setLimit] = useState(ROW_LIMIT);
  const [status, setStatus] = useState('');
  const rows = useSlice<'report'>(detail.ref, detail.build, { section: 'report' });
  const { onRange } = rows;
  useEffect(() => onRange(0, limit - 1), [onRange, limit]);
  const shown: RunReportRow[] = [];
  for (let i = 0; i < Math.min(limit, report.rowCount); i++) {
    const row = rows.item(i);
    if (!row) break;
    shown.push(row);
  }
  const copy = async () => {
    const text = await runReportText(detail.ref);
    if (!text.ok) {
      setStatus(`Copy failed: ${text.error.message}`);
      return;
    }
    const ok = await copyText(text.value);
    setStatus(ok ? `Copied the report (${text.value.split('\n').length - 1} lines, as little report --table prints it)` : 'Copy failed: the clipboard is not available');
  };
  return (
    <section className="report" aria-labelledby="report-title">
      <div className="report-head">
        <h3 id="report-title">little report</h3>
        <button type="button" onClick={() => void copy()}>Copy as text</button>
      </div>
      <div role="status" className="report-status">{status}</div>
      <div className="report-scroll">
        <table className="report-table">
          <caption className="mono">Run {report.runId} ({report.status})</caption>
          <thead>
            <tr>{REPORT_HEADER.map((h, i) => <th key={h} scope="col" className={i === 0 ? '' : 'num'}>{h}</th>)}</tr>
          </thead>
          <tbody>
            {shown.map((row) => <Row key={row.stepPath} row={row} />)}
          </tbody>
          <tfoot>
            <Row row={report.total} total />
          </tfoot>
        </table>
      </div>
      {rows.error && <p className="error" role="alert">{rows.error.message}</p>}
      {report.rowCount > shown.length && shown.length === Math.min(limit, report.rowCount) && (
        <button type="button" className="report-more" onClick={() => setLimit((n) => n + ROW_LIMIT * 5)}>
          Show {Math.min(ROW_LIMIT * 5, report.rowCount - shown.length).toLocaleString('en-US')} more of {report.rowCount.toLocaleString('en-US')} rows
        </button>
      )}
      {report.hasUnpricedCalls && (
        <p className="unpriced-note report-note">
          Note: {report.total.unpricedCalls} model call(s) had no registry pricing and are excluded from the cost above.
        </p>
      )}
    </section>
  );
}
