/**
 * Live markers: the pulsing "live" badge of a run being written, the "N s ago" age that ticks
 * with the live store's one shared clock, and the run header's live indicator.
 */
import type { RunEndReason } from '../../../shared/live/live-types';
import { liveStopReason } from '../../../shared/status/display-status';
import { ageLabel, secondsSince, type LiveRun } from '../../stores/live-reducer';
import { useLiveStore } from '../../stores/live-store';
import './live.css';

/** "3 s ago" for an ISO time; re-renders once a second with the shared clock (nothing per row). */
export function LiveAge({ iso }: { iso: string | null }) {
  const now = useLiveStore((s) => s.now);
  const seconds = secondsSince(iso, now);
  if (seconds === null) return null;
  return <span className="live-age">{ageLabel(seconds)} ago</span>;
}

/** The pulsing marker of a run whose log is growing (nothing once it stopped). */
export function LiveBadge({ live }: { live: LiveRun | undefined }) {
  if (live?.summary.phase !== 'active') return null;
  return (
    <span className="live-badge" title="live: new events are being committed">
      <span className="live-pulse" aria-hidden="true" />
      live
    </span>
  );
}

const STOP_WORDS: Record<RunEndReason, string> = {
  completed: 'completed',
  failed: 'failed',
  crashed: 'crashed (its lock owner died)',
  stopped: 'lock released without a terminal event',
  removed: 'removed from disk',
};

/** The run header's "live · last event 3 s ago" or "stopped: crashed", when the run was seen live. */
export function RunLiveIndicator({ live }: { live: LiveRun | undefined }) {
  if (live === undefined) return null;
  const { summary, ended } = live;
  if (summary.phase === 'active') {
    return (
      <span className="live-indicator live-indicator-active" data-live="active">
        <span className="live-pulse" aria-hidden="true" />
        live · last event <LiveAge iso={summary.lastEventAt} />
        {summary.runningSteps.length > 0 && <span className="muted"> · running {summary.runningSteps.join(', ')}</span>}
      </span>
    );
  }
  const reason = liveStopReason(summary, ended);
  return (
    <span className={`live-indicator live-indicator-${summary.phase}`} data-live={summary.phase}>
      {summary.phase === 'crashed' ? 'stopped' : 'ended'}: {STOP_WORDS[reason]}
    </span>
  );
}
