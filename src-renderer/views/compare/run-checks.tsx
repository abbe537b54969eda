/**
 * The compare view's checks of one run: a fresh fold of the log from disk against the live observer's incremental state
 * (or a simulated incremental fold when the run is not tailed), and the resume audit: every
 * crash-and-resume boundary with its pinned plan and each item marked violation or expected.
 */
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { RunHead } from '../../../shared/run/run-head-types';
import type { RunAddress } from '../../components/run-links';
import { useCompareStore } from '../../stores/compare-store';
import { useLiveRun } from '../../stores/live-store';
import { AuditSection } from './audit-section';
import { ConsistencySection } from './consistency-section';

/** The checks of a run (as of its head's event when time travelling). */
export function RunChecks({ detail, at }: { detail: RunHead; at: RunAddress }) {
  const { request, last, ref, load } = useCompareStore(useShallow((s) => ({ request: s.request, last: s.shown, ref: s.ref, load: s.load })));
  const phase = request.phase;
  const live = useLiveRun(detail.ref.dataDir, detail.ref.runId);
  const active = live?.summary.phase === 'active';
  const mine = ref?.dataDir === detail.ref.dataDir && ref.runId === detail.ref.runId && ref.at === detail.ref.at;
  const shown = mine ? last : null;
  const behind = shown !== null && detail.lastSequence > shown.lastSequence;

  // First visit compares; once the run stopped growing, a stale answer is computed again by itself.
  useEffect(() => {
    void load(detail.ref, behind && !active);
  }, [detail.ref, behind, active, load]);

  return (
    <div className="cmp-checks">
      <div className="cmp-toolbar">
        <p className="cmp-source" role="status">
          {phase === 'loading' && 'Comparing…'}
          {phase !== 'loading' && shown && (shown.source === 'live'
            ? <>Live observer state at event #{shown.lastSequence} against a fresh fold of the same events from disk.</>
            : <>Not tailed by the live observer: an incremental fold in {shown.consistency.batches} random batches (seed {shown.seed}) against a full fold of {shown.consistency.events} events.</>)}
          {behind && active && <span className="muted"> {detail.lastSequence - shown.lastSequence} events written since.</span>}
        </p>
        <button type="button" onClick={() => void load(detail.ref, true)} disabled={phase === 'loading'}>Compare again</button>
      </div>
      {request.phase === 'error' && (
        <div role="alert" className="error"><strong>{request.error.code}</strong>: {request.error.message}</div>
      )}
      {shown?.liveFoldError && (
        <div role="alert" className="error">The live fold stopped: {shown.liveFoldError}</div>
      )}
      {shown && (
        <>
          <ConsistencySection report={shown.consistency} source={shown.source} at={at} />
          <AuditSection audit={shown.audit} harness={shown.refs ?? detail.harness.refs} at={at} />
        </>
      )}
    </div>
  );
}
