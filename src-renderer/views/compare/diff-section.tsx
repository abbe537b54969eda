/**
 * Two runs side by side: totals with deltas, the first divergence (highlighted and linked),
 * and every step aligned by step path (visits and parallel branches by their keys; steps of
 * one run only marked added or removed) with status, attempts, duration, tokens by kind, cost,
 * output equal or different (JSON diff on demand), models, tool calls by name and errors; a
 * step is changed when any of those fields differs, and the summary says which.
 */
import { Fragment, useState } from 'react';
import { DIFF_NUMBERS, type DiffNumberField, type StepDiff } from '../../../shared/compare/run-diff';
import type { RunDiffView } from '../../../shared/compare/run-diff-view';
import type { RunRef } from '../../../shared/run/run-detail-types';
import { formatRoute, type Route } from '../../routing/route';
import { activityDiffers, CHANGE_MARK, stepChange, toolsText } from './diff-rows';
import { deltaText, valueText } from '../../../shared/compare/diff-cells';
import { OutputDiff } from './output-diff';

/** Column titles of the numeric fields. */
const FIELD_LABEL: Record<DiffNumberField, string> = {
  inputTokens: 'input',
  cachedInputTokens: 'cached',
  outputTokens: 'output',
  reasoningTokens: 'reasoning',
  costUsd: 'cost',
  durationMs: 'duration',
};

/** Rows drawn at most (a 20,000-step run would freeze the table; "only differences" narrows it). */
const ROW_LIMIT = 1000;

type Side = { ref: RunRef; address: Extract<Route, { view: 'run' }> };

/** DOM id of a step's row (the first-divergence link scrolls to it). */
export function stepRowId(stepPath: string): string {
  return `cmp-step-${encodeURIComponent(stepPath)}`;
}

export function DiffSection({ view, a, b }: { view: RunDiffView; a: Side; b: Side }) {
  const { diff, activity } = view;
  const [onlyDiffering, setOnlyDiffering] = useState(diff.steps.length > 200);
  const [open, setOpen] = useState<string | null>(null);
  const steps = onlyDiffering ? diff.steps.filter((s) => stepChange(s) !== 'same') : diff.steps;
  const stepHref = (side: Side, stepPath: string) => formatRoute({ ...side.address, tab: 'steps', step: stepPath });
  const first = diff.firstDivergence;

  return (
    <div className="cmp-diff-section">
      <p className={`cmp-divergence ${first === null ? 'cmp-equal' : 'cmp-divergent'}`} role="status" data-testid="first-divergence">
        {first === null ? (
          <>No divergence: every step has the same status and output in both runs.</>
        ) : (
          <>
            <strong>First divergence:</strong>{' '}
            <a href={`#${stepRowId(first)}`} className="mono" onClick={(e) => { e.preventDefault(); document.getElementById(stepRowId(first))?.scrollIntoView({ block: 'center' }); }}>
              {first}
            </a>{' '}
            <span className="muted">(the first step, in order, whose status or output differs)</span> ·{' '}
            <a href={stepHref(b, first)}>open in B</a>
          </>
        )}
      </p>

      <table className="cmp-totals" aria-label="Totals">
        <thead>
          <tr>
            {/* Named for screen readers: an empty header cell leaves the run column unnamed (axe). */}
            <th><span className="visually-hidden">Run</span></th>
            {DIFF_NUMBERS.map((f) => (
              <th key={f} className="num">{FIELD_LABEL[f]}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(['a', 'b'] as const).map((side) => (
            <tr key={side}>
              <th className="mono">{side.toUpperCase()} · {diff[side].runId}</th>
              {DIFF_NUMBERS.map((f) => (
                <td key={f} className="num">{valueText(f, diff.total[f][side], true)}</td>
              ))}
            </tr>
          ))}
          <tr className="cmp-delta-row">
            <th>Δ B − A</th>
            {DIFF_NUMBERS.map((f) => (
              <td key={f} className="num" data-field={f}>{deltaText(f, diff.total[f])}</td>
            ))}
          </tr>
        </tbody>
      </table>

      <div className="cmp-steps-bar">
        <strong>{diff.steps.length.toLocaleString('en-US')} steps aligned</strong>
        <span className="muted">
          {' '}· {diff.steps.filter((s) => stepChange(s) === 'added').length} only in B, {diff.steps.filter((s) => stepChange(s) === 'removed').length} only in A,{' '}
          {diff.steps.filter((s) => stepChange(s) === 'changed').length} changed
        </span>
        <span className="cmp-summary" data-testid="diff-summary">{diff.summary.text}</span>
        <label>
          <input type="checkbox" checked={onlyDiffering} onChange={(e) => setOnlyDiffering(e.target.checked)} /> only steps that differ
        </label>
      </div>
      <div className="cmp-steps-scroll">
        <table className="cmp-steps" aria-label="Steps aligned by step path">
          <thead>
            <tr>
              <th>step</th>
              <th>status</th>
              <th className="num">attempts</th>
              {DIFF_NUMBERS.map((f) => (
                <th key={f} className="num">{FIELD_LABEL[f]}</th>
              ))}
              <th>output</th>
              <th>models</th>
              <th>tool calls</th>
              <th>error</th>
            </tr>
          </thead>
          <tbody>
            {steps.slice(0, ROW_LIMIT).map((step) => (
              <Fragment key={step.stepPath}>
                <StepRow step={step} view={view} first={step.stepPath === first} href={stepHref(step.status.b === null ? a : b, step.stepPath)} open={open === step.stepPath} onToggle={() => setOpen(open === step.stepPath ? null : step.stepPath)} />
                {open === step.stepPath && (
                  <tr className="cmp-output-row">
                    <td colSpan={DIFF_NUMBERS.length + 7}>
                      <OutputDiff stepPath={step.stepPath} a={a.ref} b={b.ref} activity={activity[step.stepPath] ?? { a: null, b: null }} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {steps.length > ROW_LIMIT && <p className="muted">The first {ROW_LIMIT.toLocaleString('en-US')} of {steps.length.toLocaleString('en-US')} steps are shown.</p>}
    </div>
  );
}

type RowProps = { step: StepDiff; view: RunDiffView; first: boolean; href: string; open: boolean; onToggle(): void };

function StepRow({ step, view, first, href, open, onToggle }: RowProps) {
  const change = stepChange(step);
  const pair = view.activity[step.stepPath] ?? { a: null, b: null };
  const differs = activityDiffers(pair);
  const both = (f: (side: 'a' | 'b') => string, differ: boolean, kind?: 'names') => (
    <td className={[differ ? 'cmp-differs' : '', kind === 'names' ? 'cmp-names' : ''].join(' ').trim() || undefined}>
      <span className="cmp-a">{f('a')}</span>
      <span className="cmp-b">{f('b')}</span>
    </td>
  );
  return (
    <tr id={stepRowId(step.stepPath)} className={`cmp-step cmp-step-${change}${first ? ' cmp-first' : ''}`} data-step={step.stepPath} data-change={change}>
      <td className="mono">
        <span className="cmp-mark" role="img" aria-label={change}>{CHANGE_MARK[change]}</span> <a href={href}>{step.stepPath}</a>
        {first && <span className="cmp-first-tag"> first divergence</span>}
        {step.changes.length > 0 && <span className="cmp-changes muted" data-changes={step.changes.join(' ')}> {step.changes.join(', ')}</span>}
      </td>
      {both((s) => step.status[s] ?? '—', step.status.a !== step.status.b)}
      {both((s) => (step.attempts[s] === null ? '—' : String(step.attempts[s])), step.attempts.a !== step.attempts.b)}
      {DIFF_NUMBERS.map((f) => (
        <td key={f} className="num">
          <span className="cmp-a">{valueText(f, step[f].a, step.status.a !== null)}</span>
          <span className="cmp-b">{valueText(f, step[f].b, step.status.b !== null)}</span>
          <span className="cmp-d">{deltaText(f, step[f], { a: step.status.a !== null, b: step.status.b !== null })}</span>
        </td>
      ))}
      <td>
        {step.outputEqual === null ? (
          <span className="muted">—</span>
        ) : step.outputEqual ? (
          'equal'
        ) : (
          <>
            <span className="cmp-differs">different</span>{' '}
            <button type="button" aria-expanded={open} onClick={onToggle}>
              JSON diff
            </button>
          </>
        )}
      </td>
      {both((s) => pair[s]?.models.join(', ') || '—', differs.models)}
      {both((s) => (pair[s] ? toolsText(pair[s]!.tools) || '—' : '—'), differs.tools, 'names')}
      {both((s) => pair[s]?.error ?? '—', differs.error, 'names')}
    </tr>
  );
}
