/** Human-readable text of the session commands (every field from disk passes terminalSafe). */
import { objectField, stringField } from '../../shared/fold/payload-fields';
import type { DoctorReport } from '../../shared/harness-trace/doctor';
import type { OutcomesReport, KeyedOutcomeRate, OutcomeRate } from '../../shared/harness-trace/outcomes';
import type { SessionModel } from '../../shared/harness-trace/session-model';
import { isFailureType } from '../../shared/harness-trace/trace-names';
import type { TraceRead, TraceRecord } from '../../shared/harness-trace/trace-reader';
import { formatColumns } from './columns';
import { terminalSafe } from './terminal-safe';

/** One listed session: its model plus where it lives. */
export type SessionRow = { harnessDir: string; pathKey: string; model: SessionModel | null; problem: string | null };

const SESSION_HEADERS = ['SESSION', 'STATE', 'EVENTS', 'MODEL', 'TOOLS', 'FAILURES', 'INVALID', 'LAST EVENT'] as const;

/** The sessions table. */
export function formatSessionsTable(rows: readonly SessionRow[]): string {
  if (rows.length === 0) return 'No sessions.\n';
  const cells = rows.map((r) => {
    const m = r.model;
    if (!m) return [terminalSafe(r.pathKey), 'unreadable', '', '', '', '', '', terminalSafe(r.problem ?? '')];
    const c = m.counts;
    const calls = (n: number, failed: number) => (failed > 0 ? `${n} (${failed} failed)` : String(n));
    return [terminalSafe(m.sessionId), terminalSafe(m.state ?? '?') + (m.tornTail ? ' (torn)' : ''), String(c.events), calls(c.modelCalls, c.modelCallsFailed), calls(c.toolCalls, c.toolCallsFailed), String(c.failures), String(c.invalidLines), terminalSafe(m.lastAt ?? '')];
  });
  return formatColumns(SESSION_HEADERS, cells, new Set([2, 5, 6]));
}

/** One line per event (`#seq  time  type  summary`), invalid lines and the torn tail where they sit. */
export function formatTraceText(trace: TraceRead, failuresOnly: boolean): string {
  const lines: Array<{ line: number; text: string }> = [];
  for (const r of trace.events) {
    if (failuresOnly && !isFailureType(r.event.type)) continue;
    lines.push({ line: r.line, text: `#${r.event.sequence}  ${r.event.timestamp}  ${r.event.type}${summaryOf(r) ? `  ${summaryOf(r)}` : ''}` });
  }
  for (const l of trace.invalid) lines.push({ line: l.line, text: `line ${l.line}: invalid: ${l.reason}` });
  if (trace.tornTail) lines.push({ line: trace.tornTail.line, text: `line ${trace.tornTail.line}: torn (${trace.tornTail.bytes} bytes, no newline: the writer stopped mid-line)` });
  return lines.sort((a, b) => a.line - b.line).map((l) => `${terminalSafe(l.text)}\n`).join('');
}

function summaryOf(r: TraceRecord): string {
  const m = r.event.metadata ?? {};
  const s = (k: string) => stringField(m, k);
  const errText = typeof m.error === 'string' ? m.error : stringField(objectField(m, 'error'), 'message');
  const reasons = Array.isArray(m.reasons) ? m.reasons.map((x) => stringField(x, 'kind') ?? '?').join(', ') : undefined;
  const parts = [s('toolName'), s('command'), s('path'), s('harnessDir'), s('from') && s('to') ? `${s('from')} -> ${s('to')}` : undefined, reasons ? `reasons: ${reasons}` : undefined, s('status'), errText ? `error: ${errText}` : undefined];
  return parts.filter((p): p is string => p !== undefined && p !== '').join('  ');
}

/** doctor's summary as text. */
export function formatDoctorText(report: DoctorReport): string {
  const out = [
    `session ${report.sessionId}`,
    `events ${report.eventCount}, invalid ${report.invalidEventCount}, failures ${report.failureCount}`,
    `spooled outputs ${report.spooledOutputCount}, content refs ${report.contentRefCount} (${report.largeTraceArtifactCount} under /artifacts/trace/), redacted events ${report.redactionCount}`,
    ...report.failures.map((f) => `  failure #${f.sequence} ${f.type} (${f.eventId})`),
    ...report.invalidEvents.map((i) => `  invalid line ${i.line}: ${i.message}`),
  ];
  return out.map((l) => `${terminalSafe(l)}\n`).join('');
}

const RATE_HEADERS = ['KEY', 'N', 'SUCCESS', 'FAILURE', 'PARTIAL', 'RATE'] as const;

/** outcomes as text: the folding counts, overall, then the rates by prompt hash and step path. */
export function formatOutcomesText(report: OutcomesReport): string {
  const rate = (r: OutcomeRate) => (r.successRate === null ? 'n/a' : `${(r.successRate * 100).toFixed(1)}%`);
  const table = (rows: readonly KeyedOutcomeRate[]) => (rows.length === 0 ? '  (none)\n' : formatColumns(RATE_HEADERS, rows.map((r) => [terminalSafe(r.key), String(r.n), String(r.success), String(r.failure), String(r.partial), rate(r)]), new Set([1, 2, 3, 4, 5])));
  const o = report.overall;
  return [
    `sessions ${report.sessionIds.length}, outcome events ${report.eventCount} (counted ${report.countedCount}, superseded ${report.supersededCount}, retracted ${report.retractedCount}, cleared ${report.clearedCount}), invalid lines skipped ${report.invalidEventCount}\n`,
    `overall: n ${o.n}, success ${o.success}, failure ${o.failure}, partial ${o.partial}, rate ${rate(o)}\n`,
    `\nby prompt hash:\n${table(report.byPromptHash)}`,
    `\nby step path:\n${table(report.byStepPath)}`,
    `\nwithout prompt hash ${report.unattributed.withoutPromptHash}, without step path ${report.unattributed.withoutStepPath}\n`,
  ].join('');
}
