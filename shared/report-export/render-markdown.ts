/**
 * The Markdown report, readable on GitHub: tables with escaped pipes, fenced JSON, no raw
 * HTML. The timeline picture is not inlined: the CLI writes it as `<name>.timeline.svg` next
 * to `-o FILE` and passes its file name here so the report links it.
 */
import { escapeMarkdownCell as cell, escapeMarkdownInline as inline, fencedBlock } from './escape-text';
import { findingPlaces, redactionHeadline } from '../redact/redaction-list';
import { MAX_LISTED_ITEMS } from './html-steps';
import type { CappedText, RunReportDocument } from './report-document-types';
import { formatCount, formatDuration, formatTimestamp } from './report-time';
import { formatCost, inFlightSentence } from '../format/money';
import { reportedStatus } from '../status/display-status';

/** Options of {@link renderMarkdown}. */
export type RenderMarkdownOptions = {
  /** Relative file name of the timeline SVG written next to the report; omitted → no image. */
  timelineImage?: string;
};

/** The whole Markdown document for `doc`. */
export function renderMarkdown(doc: RunReportDocument, options: RenderMarkdownOptions = {}): string {
  const run = doc.run;
  const out: string[] = [];
  out.push(`# Run report${run.label === null ? '' : `: ${inline(run.label)}`}`, '', `\`${run.runId}\``, '');
  if (run.verdict !== null) out.push(`> **Verdict: ${inline(reportedStatus(run))}**: ${inline(run.verdict.reason)}`, '');
  out.push(...mdTable(['Fact', 'Value'], [
    ['Status', `${run.status}${run.statusInferred ? ' (inferred)' : ''}`],
    ['Started', formatTimestamp(run.startedAt)],
    ['Finished', run.finishedAt === null ? 'no terminal event' : formatTimestamp(run.finishedAt)],
    ['Duration', formatDuration(run.durationMs)],
    ['Workflow version', run.workflowVersionId ?? '—'],
    ['Label', run.label ?? '—'],
    ['Tags', run.tags.join(', ') || '—'],
    ['Events', formatCount(run.eventCount)],
    ['Lock', `${run.lock.state}${run.lock.pid === null ? '' : ` (pid ${run.lock.pid})`}`],
    ...(run.parentRunId === null ? [] : [['Parent run', run.parentRunId]]),
  ]));
  out.push(...block('Run output', run.output), ...block('Run error', run.error));
  out.push(...notesMarkdown(doc));

  const t = doc.cost.totals;
  const p = doc.cost.pricing;
  out.push('## Cost and tokens', '');
  out.push(...mdTable(['Cost (USD)', 'Input', 'Cached', 'Output', 'Reasoning', 'Calls priced', 'Calls unpriced'], [[formatCost({ ...t, inFlightCalls: doc.cost.inFlightCalls }), formatCount(t.inputTokens), formatCount(t.cachedInputTokens), formatCount(t.outputTokens), formatCount(t.reasoningTokens), formatCount(t.pricedCalls), formatCount(t.unpricedCalls)]]));
  out.push(`Priced with **${inline(p.tableName)}** (${inline(p.source)}${p.oldestVerifiedAt === null ? '' : `, oldest verification ${p.oldestVerifiedAt}`})${p.stale ? '. **Stale:** entries verified more than 90 days ago.' : '.'}`, '');
  if (t.unpricedCalls > 0) out.push(`**${formatCount(t.unpricedCalls)} unpriced call(s)**: their tokens count, their cost does not.`, '');
  if (doc.cost.inFlightCalls > 0) out.push(`**${inFlightSentence(doc.cost.inFlightCalls)}**`, '');
  out.push(...(doc.cost.table === null ? [`\`little report\` would refuse this log: ${inline(doc.reportError ?? 'unknown reason')}`, ''] : ['`little report --table`:', '', fencedBlock(doc.cost.table.replace(/\n$/, '')), '']));

  out.push('## Step timeline', '');
  out.push(options.timelineImage === undefined ? '_The timeline picture is left out of Markdown written to stdout; with `-o FILE` it is written next to FILE as `<name>.timeline.svg` and linked here. The HTML and PDF exports inline it._' : `![Step timeline](${encodeURI(options.timelineImage)})`, '');

  if (doc.boundary !== null) {
    out.push('## Crash boundary and resume plan', '', `**Verdict:** ${inline(doc.boundary.verdict.kind)}: ${inline(doc.boundary.verdict.reason)}`, '');
    if (doc.boundary.lastEvent !== null) out.push(`Last event: #${doc.boundary.lastEvent.sequence} \`${doc.boundary.lastEvent.type.replace(/`/g, '')}\` at ${formatTimestamp(doc.boundary.lastEvent.recordedAt)}`, '');
    out.push(doc.boundary.inFlight.length === 0 ? 'Nothing was in flight when the log stopped.' : `In flight when the log stopped (${doc.boundary.inFlight.length}):`, '');
    if (doc.boundary.inFlight.length > 0) out.push(fencedBlock(JSON.stringify(doc.boundary.inFlight, null, 2), 'json'), '');
    if (doc.resumePlan !== null) out.push(doc.resumePlan.applicable ? 'Resume plan (re-running the same run id):' : 'Resume plan: not applicable (terminal run).', '', ...(doc.resumePlan.applicable ? [fencedBlock(JSON.stringify(doc.resumePlan, null, 2), 'json'), ''] : []));
  }
  if (doc.harness.resumes.length > 0 || doc.audit !== null) {
    out.push('## Resumes', '', ...mdTable(['At', 'Time', 'Sessions', 'Reason', 'Gap'], doc.harness.resumes.map((r) => [`#${r.sequence}`, formatTimestamp(r.recordedAt), `${r.previousSessionId} → ${r.sessionId}`, r.reason, formatDuration(r.gapMs)])));
    if (doc.audit !== null) out.push('Resume audit:', '', fencedBlock(JSON.stringify(doc.audit, null, 2), 'json'), '');
  }

  out.push(`## Steps (${formatCount(doc.steps.length)})`, '');
  for (const step of doc.steps.slice(0, MAX_LISTED_ITEMS)) {
    out.push(`### ${inline(step.stepPath)} (${step.status})`, '');
    out.push(...mdTable(['Attempt', 'Status', 'Started', 'Finished', 'Duration'], step.attempts.map((a) => [a.attemptId, a.status, formatTimestamp(a.startedAt), a.finishedAt === null ? '—' : formatTimestamp(a.finishedAt), formatDuration(a.durationMs)])));
    const u = step.usage;
    if (u.pricedCalls + u.unpricedCalls > 0) out.push(`Tokens: ${formatCount(u.inputTokens)} in (${formatCount(u.cachedInputTokens)} cached), ${formatCount(u.outputTokens)} out (${formatCount(u.reasoningTokens)} reasoning); cost ${formatCost({ ...u, inFlightCalls: step.inFlightCalls })}.`, '');
    if (step.inFlightCalls > 0) out.push(inFlightSentence(step.inFlightCalls), '');
    out.push(...block('Step error', step.error), ...step.attempts.flatMap((a) => block(`Error of ${a.attemptId}`, a.error)), ...block('Output', step.output));
  }
  if (doc.steps.length > MAX_LISTED_ITEMS) out.push(`_Showing ${MAX_LISTED_ITEMS} of ${formatCount(doc.steps.length)} steps; the JSON export has them all._`, '');

  const h = doc.harness;
  out.push('## Harness activity', '', `### Model turns (${formatCount(h.modelTurns.length)})`, '');
  out.push(...mdTable(['Status', 'Model', 'Step', 'Call', 'Duration', 'Tokens in/out'], h.modelTurns.slice(0, MAX_LISTED_ITEMS).map((m) => [m.status, m.model ?? '—', m.stepPath ?? '—', m.callId ?? `turn ${m.turn ?? '?'}`, formatDuration(m.durationMs), `${m.usage.inputTokens ?? '—'} / ${m.usage.outputTokens ?? '—'}`])));
  for (const m of h.modelTurns.slice(0, MAX_LISTED_ITEMS)) out.push(...block(`Response of ${m.callId ?? `turn ${m.turn ?? '?'}`}`, m.response));
  out.push(`### Tool calls (${formatCount(h.toolCalls.length)})`, '');
  out.push(...mdTable(['Status', 'Tool', 'Step', 'Call', 'Duration'], h.toolCalls.slice(0, MAX_LISTED_ITEMS).map((c) => [c.status, c.toolName ?? '—', c.stepPath ?? '—', c.callId ?? '—', formatDuration(c.durationMs)])));
  for (const c of h.toolCalls.slice(0, MAX_LISTED_ITEMS)) out.push(...block(`Arguments of ${c.toolName ?? '?'} ${c.callId ?? ''}`, c.args), ...block('Result', c.result), ...block('Error', c.error));
  if (h.subRuns.length > 0) out.push('### Sub-runs', '', ...mdTable(['Run', 'Tool', 'Reported status'], h.subRuns.map((s) => [s.runId, s.toolName ?? '—', s.reportedStatus ?? '—'])));

  out.push('## Integrity findings', '');
  out.push(...(doc.findings.length === 0 ? ['No integrity findings.', ''] : mdTable(['Severity', 'Code', 'Message', 'At'], doc.findings.map((f) => [f.severity, f.code, f.message, f.sequence === undefined ? '—' : `#${f.sequence}`]))));
  if (doc.redactions !== null) {
    out.push('## Redacted', '', `${redactionHeadline(doc.redactions)} Each value was replaced by \`[redacted: rule]\`.`, '');
    if (doc.redactions.findings.length > 0) out.push(...mdTable(['Rule', 'Values', 'Where'], doc.redactions.findings.map((f) => [f.rule, String(f.count), findingPlaces(f)])));
  }
  out.push('---', '', `_Exported by ${inline(doc.inspector.name)} ${inline(doc.inspector.version)} on ${formatTimestamp(doc.exportedAt)} · format \`${doc.format}\` · texts capped at ${doc.maxText} characters._`, '');
  return out.join('\n');
}

function mdTable(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  if (rows.length === 0) return ['_None._', ''];
  return [`| ${head.map(cell).join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`), ''];
}

function block(label: string, text: CappedText | null): string[] {
  if (text === null) return [];
  const json = /^[[{]/.test(text.text.trimStart());
  const cut = text.truncated ? ` (first ${formatCount(text.text.length)} of ${formatCount(text.totalChars)} characters)` : '';
  return [`**${inline(label)}**${cut}:`, '', fencedBlock(text.text, json ? 'json' : 'text'), ''];
}

/** Notes pinned in the app, each a quoted paragraph of escaped text (never raw HTML). */
function notesMarkdown(doc: RunReportDocument): string[] {
  if (doc.notes.length === 0) return [];
  const out = [`## Notes (${formatCount(doc.notes.length)})`, ''];
  for (const n of doc.notes) {
    const where = n.target.kind === 'run' ? 'the run' : n.target.kind === 'step' ? `step \`${n.target.stepPath.replace(/`/g, '')}\`` : `event #${n.target.sequence}`;
    out.push(`**On ${where}** (${formatTimestamp(n.updatedAt)}):`, '', ...n.text.split(/\r?\n/).map((line) => `> ${inline(line)}`), '');
  }
  return out;
}
