/** The events view's filter bar (type prefix, caller, step) and jump-to-sequence field. */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { EventFilterSpec, RunRef } from '../../../shared/run/run-detail-types';
import { useSlice } from '../../stores/use-slice';

/** Step paths suggested under the step field (those containing what is typed). */
const STEP_SUGGESTIONS = 100;

/** Every dotted prefix of the types seen (`harness.`, `harness.model.`) plus the types themselves. */
export function typePrefixes(types: readonly string[]): string[] {
  const out = new Set<string>();
  for (const type of types) {
    const parts = type.split('.');
    for (let i = 1; i < parts.length; i++) out.add(`${parts.slice(0, i).join('.')}.`);
    out.add(type);
  }
  return [...out].sort();
}

type Props = {
  types: readonly string[];
  /** The run whose step paths are suggested (null while its head loads), as of its head's `build`. */
  runRef: RunRef | null;
  headBuild: number;
  filter: EventFilterSpec;
  busy: boolean;
  lastSequence: number;
  onFilter(filter: EventFilterSpec): void;
  onJump(sequence: number): void;
};

/** Filter form and jump field; the filter applies on submit so a half-typed prefix does not scan the log. */
export function EventFilters({ types, runRef, headBuild, filter, busy, lastSequence, onFilter, onJump }: Props) {
  const [draft, setDraft] = useState<EventFilterSpec>(filter);
  const [jump, setJump] = useState('');
  useEffect(() => setDraft(filter), [filter]);
  // Matching step paths come from main: a run may have tens of thousands.
  const typed = draft.stepPath?.trim() ?? '';
  const steps = useSlice<'steps'>(runRef, headBuild, { section: 'steps', ...(typed ? { query: typed } : {}) });
  const { onRange } = steps;
  useEffect(() => onRange(0, STEP_SUGGESTIONS - 1), [onRange, typed]);
  const stepPaths: string[] = [];
  for (let i = 0; i < Math.min(STEP_SUGGESTIONS, steps.total ?? 0); i++) {
    const step = steps.item(i);
    if (step) stepPaths.push(step.stepPath);
  }
  const prefixes = useMemo(() => typePrefixes(types), [types]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter(draft);
  };
  const jumpTo = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(jump);
    if (Number.isInteger(n) && n >= 1 && n <= lastSequence) onJump(n);
  };
  const active = Object.keys(filter).length > 0;
  return (
    <div className="ev-bar">
      <form className="ev-filters" onSubmit={submit} aria-label="Filter events">
        <label>
          Type prefix
          <input list="ev-type-prefixes" value={draft.typePrefix ?? ''} onChange={(e) => setDraft({ ...draft, typePrefix: e.target.value })} placeholder="harness.model." spellCheck={false} />
        </label>
        <datalist id="ev-type-prefixes">
          {prefixes.map((p) => <option key={p} value={p} />)}
        </datalist>
        <label>
          Caller
          <input value={draft.caller ?? ''} onChange={(e) => setDraft({ ...draft, caller: e.target.value })} placeholder="worker" spellCheck={false} className="ev-short" />
        </label>
        <label>
          Step
          <input list="ev-step-paths" value={draft.stepPath ?? ''} onChange={(e) => setDraft({ ...draft, stepPath: e.target.value })} placeholder="step path" spellCheck={false} />
        </label>
        <datalist id="ev-step-paths">
          {stepPaths.map((p) => <option key={p} value={p} />)}
        </datalist>
        <button type="submit" disabled={busy}>Filter</button>
        {active && (
          <button type="button" onClick={() => onFilter({})}>Clear</button>
        )}
      </form>
      <form className="ev-jump" onSubmit={jumpTo} aria-label="Jump to sequence">
        <label>
          Sequence
          <input type="number" min={1} max={lastSequence} value={jump} onChange={(e) => setJump(e.target.value)} className="ev-short" />
        </label>
        <button type="submit">Go</button>
      </form>
    </div>
  );
}
