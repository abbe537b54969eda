/** The human text of `little-inspector diff`: one line per aligned step, then the totals. */
import type { DiffNumberField, NumberDelta, RunDiff, StepDiff } from '../../shared/compare/run-diff';
import { deltaText, stepChange, valueText, type StepChange } from '../../shared/compare/diff-cells';
import { terminalSafe } from './terminal-safe';

/** `+` only in B, `-` only in A, `~` any field differs (step.changes), `=` same. */
const MARK: Record<StepChange, string> = { added: '+', removed: '-', changed: '~', same: '=' };
const mark = (step: StepDiff): string => MARK[stepChange(step)];

/** A side's plain value (status, attempts): a dash where the step is absent. */
function plain(v: number | string | null): string {
  return v === null ? '—' : String(v);
}

/** `a → b (delta)` in the compare view's cell texts (shared/compare/diff-cells.ts). */
function delta(field: DiffNumberField, d: NumberDelta, present: { a: boolean; b: boolean } = { a: true, b: true }): string {
  const change = deltaText(field, d, present);
  return `${valueText(field, d.a, present.a)} → ${valueText(field, d.b, present.b)}${change === '—' ? '' : ` (${change})`}`;
}

function models(side: readonly string[] | null): string {
  return side === null ? '—' : side.join(', ') || 'none';
}

function stepLine(step: StepDiff, first: boolean): string {
  const output = step.outputEqual === null ? '' : step.outputEqual ? '  output same' : '  output DIFFERS';
  const present = { a: step.status.a !== null, b: step.status.b !== null };
  return [
    `${mark(step)} ${step.stepPath}${first ? '   <- first divergence' : ''}${step.changes.length > 0 ? `   changed: ${step.changes.join(', ')}` : ''}`,
    `    status ${plain(step.status.a)} → ${plain(step.status.b)}, attempts ${plain(step.attempts.a)} → ${plain(step.attempts.b)}${output}`,
    `    ${usageLine(step, present)}`,
    `    models ${models(step.models.a)} → ${models(step.models.b)}`,
  ].join('\n');
}

function usageLine(n: Record<DiffNumberField, NumberDelta>, present?: { a: boolean; b: boolean }): string {
  return [
    `tokens in ${delta('inputTokens', n.inputTokens, present)}, cached ${delta('cachedInputTokens', n.cachedInputTokens, present)}, out ${delta('outputTokens', n.outputTokens, present)}, reasoning ${delta('reasoningTokens', n.reasoningTokens, present)}`,
    `cost ${delta('costUsd', n.costUsd, present)}, duration ${delta('durationMs', n.durationMs, present)}`,
  ].join('\n    ');
}

/** The whole diff as text. */
export function formatDiff(diff: RunDiff): string {
  // Two data dirs: each header names its own, so A and B are told apart when the run ids are the same.
  const where = diff.a.dataDir === diff.b.dataDir ? () => '' : (s: RunDiff['a']) => ` in ${s.dataDir}`;
  const side = (s: RunDiff['a']) => `${s.runId} (${s.status}, ${s.eventCount} events)${where(s)}`;
  const lines = [
    `A ${side(diff.a)}`,
    `B ${side(diff.b)}`,
    `first divergence: ${diff.firstDivergence ?? 'none (same steps, statuses and outputs)'}`,
    `changes: ${diff.summary.text}`,
    ...diff.steps.map((s) => stepLine(s, s.stepPath === diff.firstDivergence)),
    'TOTAL',
    `    ${usageLine(diff.total)}`,
  ];
  return `${lines.map((line) => line.split('\n').map(terminalSafe).join('\n')).join('\n')}\n`;
}
