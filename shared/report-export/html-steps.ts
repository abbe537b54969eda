/** Per-step details and harness activity of the HTML report (one collapsible section per step). */
import { badge, capped, cutNote, e, inFlightNote, mono, table, text } from './html-parts';
import type { ReportStep, RunReportDocument } from './report-document-types';
import { formatCount, formatDuration, formatTimestamp } from './report-time';
import { formatCost } from '../format/money';

/** Most steps, turns and tool calls listed in HTML and Markdown (the JSON has every one). */
export const MAX_LISTED_ITEMS = 500;

/** One `<details>` per step: attempts, error, usage, cost and output preview. */
export function stepsSection(doc: RunReportDocument, openAll: boolean): string {
  const steps = doc.steps.slice(0, MAX_LISTED_ITEMS);
  if (steps.length === 0) return '<h2 id="steps">Steps</h2><p class="note">The run has no steps.</p>';
  return `<h2 id="steps">Steps (${e(formatCount(doc.steps.length))})</h2>\n${steps.map((s) => stepHtml(s, openAll)).join('\n')}\n${cutNote(steps.length, doc.steps.length, 'steps')}`;
}

function stepHtml(step: ReportStep, openAll: boolean): string {
  const open = openAll || step.status === 'failed' || step.status === 'running';
  const duration = step.attempts.reduce<number | null>((sum, a) => (a.durationMs === null ? sum : (sum ?? 0) + a.durationMs), null);
  const attempts = table(
    ['Attempt', 'Status', 'Started', 'Finished', 'Duration'],
    step.attempts.map((a) => [mono(a.attemptId), badge(a.status), e(formatTimestamp(a.startedAt)), a.finishedAt === null ? '<span class="note">—</span>' : e(formatTimestamp(a.finishedAt)), e(formatDuration(a.durationMs))]),
    [4],
  );
  const u = step.usage;
  const cost = formatCost({ ...u, inFlightCalls: step.inFlightCalls });
  const answered = u.pricedCalls + u.unpricedCalls;
  const usage = answered === 0 && step.inFlightCalls === 0 ? '<p class="note">No model calls.</p>' : (answered === 0 ? '' : table(['Input', 'Cached', 'Output', 'Reasoning', 'Cost', 'Calls priced / unpriced'], [[formatCount(u.inputTokens), formatCount(u.cachedInputTokens), formatCount(u.outputTokens), formatCount(u.reasoningTokens), e(cost), `${formatCount(u.pricedCalls)} / ${formatCount(u.unpricedCalls)}`]], [0, 1, 2, 3, 4, 5])) + inFlightNote(step.inFlightCalls, 'note');
  const attemptErrors = step.attempts.filter((a) => a.error !== null).map((a) => capped(`Error of ${a.attemptId}`, a.error)).join('');
  const refs = step.outputRef === null ? '' : `<p class="note">Output stored as ${mono(step.outputRef)}${step.output === null ? ' (not inline in the log)' : ''}.</p>`;
  return `<details class="step"${open ? ' open' : ''}><summary>${badge(step.status)} <span class="path">${e(step.stepPath)}</span>${step.uses === null ? '' : ` <span class="note">${e(step.uses)}</span>`}<span class="meta">${e(formatCount(step.attempts.length))} attempt${step.attempts.length === 1 ? '' : 's'} · ${e(formatDuration(duration))} · ${e(cost)}</span></summary>
<div class="body">${step.attempts.length === 0 ? '<p class="note">No attempt recorded.</p>' : attempts}${usage}${capped('Step error', step.error)}${attemptErrors}${capped('Output', step.output)}${refs}</div></details>`;
}

/** Sessions, model turns and tool calls (texts capped), and linked sub-runs. */
export function harnessSection(doc: RunReportDocument, openAll: boolean): string {
  const h = doc.harness;
  if (h.sessions.length + h.modelTurns.length + h.toolCalls.length + h.subRuns.length === 0) return '<h2 id="harness">Harness activity</h2><p class="note">No harness events in this run.</p>';
  const sessions = h.sessions.slice(0, MAX_LISTED_ITEMS);
  const turns = h.modelTurns.slice(0, MAX_LISTED_ITEMS);
  const calls = h.toolCalls.slice(0, MAX_LISTED_ITEMS);
  const openAttr = openAll ? ' open' : '';
  const turnHtml = turns.map((t) => `<details class="item"${openAttr}><summary>${badge(t.status)} <strong>${text(t.model)}</strong> ${t.stepPath === null ? '' : mono(t.stepPath)} <span class="note">${t.callId === null ? `turn ${e(t.turn ?? '?')}` : e(t.callId)} · ${e(formatDuration(t.durationMs))}${t.failures > 0 ? ` · ${e(t.failures)} failed attempt${t.failures === 1 ? '' : 's'}` : ''}${t.completedAfterResume ? ' · answered after a resume' : ''}</span></summary>
<div class="body">${Object.keys(t.usage).length === 0 ? '' : `<p class="note">${Object.entries(t.usage).map(([k, v]) => `${e(k)} ${e(formatCount(v))}`).join(' · ')}</p>`}${capped('Response', t.response) || '<p class="note">No response recorded.</p>'}</div></details>`);
  const callHtml = calls.map((c) => `<details class="item"${openAttr}><summary>${badge(c.status)} <strong class="mono">${text(c.toolName)}</strong> ${c.stepPath === null ? '' : mono(c.stepPath)} <span class="note">${text(c.callId)} · ${e(formatDuration(c.durationMs))}${c.completedAfterResume ? ' · finished after a resume' : ''}${c.subRunId === null ? '' : ` · sub-run ${e(c.subRunId)}`}</span></summary>
<div class="body">${capped('Arguments', c.args)}${capped('Result', c.result)}${capped('Error', c.error)}</div></details>`);
  return `<h2 id="harness">Harness activity</h2>
<h3>Sessions (${e(formatCount(h.sessions.length))})</h3>
${table(['#', 'Role', 'Step', 'Status', 'Started', 'Ended', 'Turns', 'Tool calls'], sessions.map((s) => [e(s.id), text(s.role) + (s.resumeOfSessionId === null ? '' : ` <span class="note">(resumes ${e(s.resumeOfSessionId)})</span>`), mono(s.stepPath), badge(s.status), e(formatTimestamp(s.startedAt)), s.endedAt === null ? '—' : e(formatTimestamp(s.endedAt)), e(s.modelTurns), e(s.toolCalls)]), [6, 7])}${cutNote(sessions.length, h.sessions.length, 'sessions')}
<h3>Model turns (${e(formatCount(h.modelTurns.length))})</h3>${turnHtml.join('\n') || '<p class="note">None.</p>'}${cutNote(turns.length, h.modelTurns.length, 'model turns')}
<h3>Tool calls (${e(formatCount(h.toolCalls.length))})</h3>${callHtml.join('\n') || '<p class="note">None.</p>'}${cutNote(calls.length, h.toolCalls.length, 'tool calls')}
${h.subRuns.length === 0 ? '' : `<h3>Sub-runs (${e(h.subRuns.length)})</h3>${table(['Run', 'Tool', 'Reported status', 'Linked via'], h.subRuns.map((s) => [mono(s.runId), text(s.toolName ?? null), text(s.reportedStatus ?? null), e(s.via.join(', '))]))}`}`;
}
