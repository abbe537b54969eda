/** The run-level sections of the HTML report: summary, cost, crash boundary, resume, findings, redactions. */
import type { InFlightItem } from '../fold/crash/crash-types';
import { findingPlaces, redactionHeadline } from '../redact/redaction-list';
import { badge, capped, e, facts, inFlightNote, mono, table, text } from './html-parts';
import type { RunReportDocument } from './report-document-types';
import { formatCount, formatDuration, formatTimestamp } from './report-time';
import { formatCost } from '../format/money';
import { reportedStatus } from '../status/display-status';

const VERDICT_CLASSES = ['completed', 'failed', 'crashed', 'running', 'pending'];

/** Title, status, verdict and the run's facts. */
export function summarySection(doc: RunReportDocument): string {
  const run = doc.run;
  const shown = reportedStatus(run);
  const tags = run.tags.length === 0 ? null : run.tags.map((t) => `<span class="badge">${e(t)}</span>`).join(' ');
  return `<header><div><h1>Run report${run.label === null ? '' : `: ${e(run.label)}`}</h1><p class="run-id">${e(run.runId)}</p></div>${badge(shown, true)}</header>
${run.verdict === null ? '' : `<p class="verdict ${VERDICT_CLASSES.includes(shown) ? shown : ''}"><strong>Verdict:</strong> ${e(run.verdict.reason)}</p>`}
${facts([
  ['Status', `${badge(run.status)}${run.statusInferred ? ' <span class="note">(inferred from its sessions)</span>' : ''}`],
  ['Duration', e(formatDuration(run.durationMs)) + (run.finishedAt === null ? ' <span class="note">(to the last event)</span>' : '')],
  ['Started', text(formatTimestamp(run.startedAt))],
  ['Finished', run.finishedAt === null ? '<span class="note">no terminal event</span>' : text(formatTimestamp(run.finishedAt))],
  ['Workflow version', mono(run.workflowVersionId)],
  ['Events', e(formatCount(run.eventCount))],
  ['Label', text(run.label)],
  ['Tags', tags ?? '—'],
  ['Lock', `${e(run.lock.state)}${run.lock.pid === null ? '' : ` (pid ${e(run.lock.pid)})`}`],
  ['Last event', text(formatTimestamp(run.lastRecordedAt))],
  ['Parent run', run.parentRunId === null ? null : mono(run.parentRunId)],
  ['Outer loop', run.outerLoopId === null ? null : mono(run.outerLoopId)],
])}
${capped('Run output', run.output)}${capped('Run error', run.error)}`;
}

/** Totals, priced/unpriced calls, the price table and the `little report --table` text. */
export function costSection(doc: RunReportDocument): string {
  const { totals, pricing, table: reportTable, inFlightCalls } = doc.cost;
  const card = (k: string, v: string) => `<div class="card"><div class="k">${e(k)}</div><div class="v">${e(v)}</div></div>`;
  const unpriced = totals.unpricedCalls > 0 ? `<p class="callout warn">${e(formatCount(totals.unpricedCalls))} unpriced call${totals.unpricedCalls === 1 ? '' : 's'}: their tokens count, their cost does not${totals.costUsd === null ? ' (no call could be priced, so the total is unknown)' : ''}.</p>` : '';
  const stale = pricing.stale ? `<p class="callout warn">The price table has entries verified more than 90 days ago; costs may be out of date.</p>` : '';
  return `<h2 id="cost">Cost and tokens</h2>
<div class="cards">${card('Cost (USD)', formatCost({ ...totals, inFlightCalls }))}${card('Input tokens', formatCount(totals.inputTokens))}${card('cached', formatCount(totals.cachedInputTokens))}${card('Output tokens', formatCount(totals.outputTokens))}${card('reasoning', formatCount(totals.reasoningTokens))}${card('Calls priced / unpriced', `${formatCount(totals.pricedCalls)} / ${formatCount(totals.unpricedCalls)}`)}</div>
${unpriced}${inFlightNote(inFlightCalls, 'callout warn')}${stale}<p class="note">Priced with <strong>${e(pricing.tableName)}</strong> (${e(pricing.source)}, ${e(formatCount(pricing.entryCount))} entries${pricing.oldestVerifiedAt === null ? '' : `, oldest verification ${e(pricing.oldestVerifiedAt)}`}${pricing.stale ? ', <strong>stale</strong>' : ''}).</p>
${reportTable === null ? `<p class="callout bad"><code>little report</code> would refuse this log: ${e(doc.reportError ?? 'unknown reason')}</p>` : `<h3><code>little report --table</code></h3><pre class="table">${e(reportTable)}</pre>`}`;
}

/** Where the log stops, what was in flight, and what a resume of the same run id would do. */
export function boundarySection(doc: RunReportDocument): string {
  const b = doc.boundary;
  if (b === null) return '';
  const last = b.lastEvent === null ? '—' : `#${e(b.lastEvent.sequence)} ${mono(b.lastEvent.type)} at ${e(formatTimestamp(b.lastEvent.recordedAt))}`;
  const inFlight = b.inFlight.length === 0 ? '<p class="note">Nothing was in flight when the log stopped.</p>' : `<ul class="plain">${b.inFlight.map((i) => `<li>${inFlightText(i)}</li>`).join('')}</ul>`;
  return `<h2 id="boundary">Crash boundary and resume plan</h2>
${facts([['Verdict', `${badge(b.verdict.kind)} ${e(b.verdict.reason)}`], ['Last event', last], ['Lock owner', text(b.verdict.lockOwner ?? null)], ['Inferred status', b.inferredStatus === null ? null : `${e(b.inferredStatus.status)} (${e(b.inferredStatus.basis)})`]])}
<h3>In flight at the end of the log</h3>${inFlight}${planHtml(doc)}`;
}

function planHtml(doc: RunReportDocument): string {
  const p = doc.resumePlan;
  if (p === null) return '';
  if (!p.applicable) return '<h3>Resume plan</h3><p class="note">Not applicable: the run reached a terminal state, a resume would do nothing.</p>';
  const list = (title: string, items: string[]) => (items.length === 0 ? '' : `<h4>${e(title)}</h4><ul class="plain">${items.map((i) => `<li>${i}</li>`).join('')}</ul>`);
  return `<h3>Resume plan (re-running the same run id)</h3>
${list('Steps skipped (already completed)', p.stepsSkipped.map((s) => mono(s.stepPath)))}
${list('Steps resumed (no new attempt)', p.stepsResumed.map((s) => `${mono(s.stepPath)} ${e(s.attemptId)}`))}
${list('Steps re-run', p.stepsRerun.map((s) => `${mono(s.stepPath)} (${e(s.status)}${s.newAttempt ? ', new attempt' : ''})${s.blockedReason === undefined ? '' : ` <strong>blocked:</strong> ${e(s.blockedReason)}`}`))}
${list('Model calls re-invoked with their original callId', p.modelCallsReinvoked.map((c) => `${mono(c.callId ?? `turn ${c.turn ?? '?'}`)}${c.stepPath === undefined ? '' : ` in ${mono(c.stepPath)}`}`))}
${list('Tool calls re-invoked with their original callId and args', p.toolCallsReinvoked.map((c) => `${mono(c.toolName ?? '?')} ${mono(c.callId ?? '')}${c.stepPath === undefined ? '' : ` in ${mono(c.stepPath)}`}`))}
${list('Sub-runs fast-forwarded (result recorded by this run)', p.subRunsFastForwarded.map((s) => `${mono(s.runId)} (${e(s.status)})`))}
${list('Sub-runs adopted (finished in their own log)', p.subRunsAdopted.map((s) => `${mono(s.runId)} (${e(s.status)})`))}
${list('Sub-runs re-dispatched (same reserved id)', p.subRunsRedispatched.map((s) => `${mono(s.runId)} (${e(s.status)})`))}
${list('Parallel branches', p.branches.map((br) => `${mono(br.branchPath)}: ${e(br.expect)}`))}
${list('Sessions restarted', p.sessionsRestarted.map((id) => `session ${e(id)}`))}
${list('Notes', p.notes.map((n) => e(n)))}`;
}

function inFlightText(item: InFlightItem): string {
  const where = 'stepPath' in item && item.stepPath !== undefined ? ` in ${mono(item.stepPath)}` : '';
  const at = item.sequence === undefined ? '' : ` <span class="note">(opened at #${e(item.sequence)})</span>`;
  switch (item.kind) {
    case 'run': return `the run (${e(item.status)})${at}`;
    case 'step-attempt': return `step attempt ${e(item.attemptId)}${where}${at}`;
    case 'session': return `harness session ${e(item.sessionId)}${item.role === undefined ? '' : ` (${e(item.role)})`}${where}${at}`;
    case 'model-call': return `model call ${mono(item.callId ?? `turn ${item.turn ?? '?'}`)}${where}${at}`;
    case 'tool-call': return `tool call ${mono(item.toolName ?? '?')} ${mono(item.callId ?? '')}${where}${at}`;
    case 'execute-step': return `execute_step span${where}${at}`;
    case 'parallel-branch': return `parallel branch ${mono(item.branchPath)}${at}`;
    case 'parallel-group': return `parallel group${where}${at}`;
    case 'outer-loop-cycle': return `outer-loop cycle ${mono(item.pendingCycleRunId)}${item.isThisRun ? ' (this run)' : ''}${at}`;
  }
}

/** The run was resumed: each resume marker, the calls that finished after it, and the audit. */
export function resumeSection(doc: RunReportDocument): string {
  const resumes = doc.harness.resumes;
  if (resumes.length === 0 && doc.audit === null) return '';
  const rows = resumes.map((r) => [`#${e(r.sequence)}`, e(formatTimestamp(r.recordedAt)), `session ${e(r.previousSessionId)} → ${e(r.sessionId)}`, e(r.reason), e(formatDuration(r.gapMs))]);
  const late = [
    ...doc.harness.modelTurns.filter((t) => t.completedAfterResume).map((t) => `model call ${mono(t.callId)} (${e(t.status)})`),
    ...doc.harness.toolCalls.filter((c) => c.completedAfterResume).map((c) => `tool call ${mono(c.toolName)} ${mono(c.callId)} (${e(c.status)})`),
  ];
  const a = doc.audit;
  const items = a === null ? [] : a.boundaries.flatMap((b) => b.items);
  const audit =
    a === null
      ? ''
      : `<h3>Resume audit: ${a.ok ? badge('completed').replace('>completed<', '>consistent<') : badge('failed').replace('>failed<', `>${e(a.violations)} violation${a.violations === 1 ? '' : 's'}<`)}</h3>
<p class="note">${e(a.boundaries.length)} crash boundar${a.boundaries.length === 1 ? 'y' : 'ies'}; ${e(a.expected)} expected effect${a.expected === 1 ? '' : 's'} of the resume, ${e(a.violations)} violation${a.violations === 1 ? '' : 's'}.</p>
${items.length === 0 ? '' : table(['', 'What', 'At', 'Repeats', 'Detail'], items.map((i) => [badge(i.status === 'violation' ? 'error' : 'info'), mono(i.kind), `#${e(i.sequence)}`, i.originalSequence === undefined ? '—' : `#${e(i.originalSequence)}`, e(i.message)]))}`;
  return `<h2 id="resume">Resumes</h2>
${table(['At', 'Time', 'Sessions', 'Why it counts as a resume', 'Gap'], rows, [4])}
${late.length === 0 ? '' : `<h3>Finished after the resume</h3><ul class="plain">${late.map((l) => `<li>${l}</li>`).join('')}</ul>`}${audit}`;
}

/** Integrity findings of the log. */
export function findingsSection(doc: RunReportDocument): string {
  const body = doc.findings.length === 0 ? '<p class="note">No integrity findings: sequences, event ids, artifacts and manifests check out.</p>' : table(['Severity', 'Code', 'Message', 'At'], doc.findings.map((f) => [badge(f.severity), mono(f.code), e(f.message), f.sequence === undefined ? '—' : `#${e(f.sequence)}`]));
  return `<h2 id="findings">Integrity findings</h2>${body}`;
}

/** What redaction took out (rule, count, where; never the values); nothing when not redacted. */
export function redactionsSection(doc: RunReportDocument): string {
  const r = doc.redactions;
  if (r === null) return '';
  const rows = r.findings.map((f) => [mono(f.rule), e(f.count), e(findingPlaces(f))]);
  return `<h2 id="redactions">Redacted</h2><p class="note">${e(redactionHeadline(r))} Each value was replaced by <code>[redacted: rule]</code>.</p>${rows.length === 0 ? '' : table(['Rule', 'Values', 'Where'], rows)}`;
}

/** Notes pinned in the app: each under what it is pinned to; the text is the user's, escaped and kept as written. */
export function notesSection(doc: RunReportDocument): string {
  if (doc.notes.length === 0) return '';
  const where = (n: RunReportDocument['notes'][number]) =>
    n.target.kind === 'run' ? 'the run' : n.target.kind === 'step' ? `step ${mono(n.target.stepPath)}` : `event #${e(n.target.sequence)} ${mono(n.target.eventId)}`;
  const items = doc.notes.map((n) => `<li><div class="note">On ${where(n)} · ${e(formatTimestamp(n.updatedAt))}</div><p class="note-text">${e(n.text)}</p></li>`).join('');
  return `<h2 id="notes">Notes (${e(formatCount(doc.notes.length))})</h2><ul class="plain notes">${items}</ul>`;
}
