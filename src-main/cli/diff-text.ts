/** The human text of `little-inspector diff`: one line per aligned step, then the totals. */
import type { NumberDelta, RunDiff, StepDiff } from '../../shared/compare/run-diff';
import { terminalSafe } from './terminal-safe';
import { formatUsd } from '../../shared/format/money';

/** `+` only in B, `-` only in A, `~` any field differs (step.changes), `=` same. */
function mark(step: StepDiff): string {
  if (step.status.a === null) return '+';
  if (step.status.b === null) return '-';
  return step.changes.length > 0 ? '~' : '=';
}

function value(v: number | string | null, cost: boolean): string {
  if (v === null) return 'n/a';
  return typeof v === 'number' && cost ? formatUsd(v) : String(v);
}

function delta(d: NumberDelta, cost = false): string {
  const signed = d.delta === null ? '' : ` (${d.delta >= 0 ? '+' : '-'}${value(Math.abs(d.delta), cost)})`;
  return `${value(d.a, cost)} → ${value(d.b, cost)}${signed}`;
}

function models(side: readonly string[] | null): string {
  return side === null ? 'n/a' : side.join(', ') || 'none';
}

function stepLine(step: StepDiff, first: boolean): string {
  const output = step.outputEqual === null ? '' : step.outputEqual ? '  output same' : '  output DIFFERS';
  return [
    `${mark(step)} ${step.stepPath}${first ? '   <- first divergence' : ''}${step.changes.length > 0 ? `   changed: ${step.changes.join(', ')}` : ''}`,
    `    status ${value(step.status.a, false)} → ${value(step.status.b, false)}, attempts ${value(step.attempts.a, false)} → ${value(step.attempts.b, false)}${output}`,
    `    tokens in ${delta(step.inputTokens)}, cached ${delta(step.cachedInputTokens)}, out ${delta(step.outputTokens)}, reasoning ${delta(step.reasoningTokens)}`,
    `    cost ${delta(step.costUsd, true)}, duration ms ${delta(step.durationMs)}`,
    `    models ${models(step.models.a)} → ${models(step.models.b)}`,
  ].join('\n');
}

/** The whole diff as text. */
export function formatDiff(diff: RunDiff): string {
  // Two data dirs: each header names its own, so A and B are told apart when the run ids are the same.
  const where = diff.a.dataDir === diff.b.dataDir ? () => '' : (s: RunDiff['a']) => ` in ${s.dataDir}`;
  const side = (s: RunDiff['a']) => `${s.runId} (${s.status}, ${s.eventCount} events)${where(s)}`;
  const t = diff.total;
  const lines = [
    `A ${side(diff.a)}`,
    `B ${side(diff.b)}`,
    `first divergence: ${diff.firstDivergence ?? 'none (same steps, statuses and outputs)'}`,
    `changes: ${diff.summary.text}`,
    ...diff.steps.map((s) => stepLine(s, s.stepPath === diff.firstDivergence)),
    'TOTAL',
    `    tokens in ${delta(t.inputTokens)}, cached ${delta(t.cachedInputTokens)}, out ${delta(t.outputTokens)}, reasoning ${delta(t.reasoningTokens)}`,
    `    cost ${delta(t.costUsd, true)}, duration ms ${delta(t.durationMs)}`,
  ];
  return `${lines.map((line) => line.split('\n').map(terminalSafe).join('\n')).join('\n')}\n`;
}
