/**
 * The diff of two runs (`run.diff`) for the compare view: asked again when either side or its
 * position in time changes, the latest request winning, and the last answer kept on screen
 * meanwhile (scrubbing a compared run does not blank the table).
 */
import { useEffect, useRef, useState } from 'react';
import { latestWins } from '../../shared/async/latest-wins';
import type { RunDiffView } from '../../shared/compare/run-diff-view';
import type { RunRef } from '../../shared/run/run-detail-types';
import { api } from '../api';
import { IDLE, LOADING, loaded, type Load } from './load';
import { requestOf } from './run-store';

export type RunDiffLoad = { load: Load<RunDiffView>; /** The last diff that arrived (shown while the next one is computed). */ shown: RunDiffView | null };

/** Diff `a` (baseline) against `b`; idle without both. */
export function useRunDiff(a: RunRef | null, b: RunRef | null): RunDiffLoad {
  const key = a && b ? JSON.stringify([requestOf(a), requestOf(b)]) : null;
  const loads = useRef(latestWins());
  const [state, setState] = useState<RunDiffLoad>({ load: IDLE, shown: null });

  useEffect(() => {
    if (key === null || a === null || b === null) {
      setState({ load: IDLE, shown: null });
      return;
    }
    const ticket = loads.current.begin();
    setState((s) => ({ ...s, load: LOADING }));
    void api['run.diff']({ a: requestOf(a), b: requestOf(b) }).then((result) => {
      if (!ticket.current()) return;
      setState((s) => ({ load: loaded(result), shown: result.ok ? result.value : s.shown }));
    });
    return () => loads.current.cancel();
    // `key` names both sides and their positions.
  }, [key]);

  return state;
}
