/** The run view: resolves the address to a run of the library, loads its detail, shows the tabs. */
import { useEffect, useMemo, useState } from 'react';
import { StatusBadge } from '../../components/status-badge';
import { formatCostFacts, formatCount } from '../../format';
import { RUN_TABS, type Route, type RunTab } from '../../routing/route';
import { runAtAddress } from '../../../shared/run-address';
import { useLibraryStore } from '../../stores/library-store';
import { useRouteStore } from '../../stores/route-store';
import { overlayRun } from '../../stores/live-reducer';
import { useLiveRun } from '../../stores/live-store';
import { useRunStore } from '../../stores/run-store';
import { RunLiveIndicator } from '../live/live-marker';
import { useRunLive } from '../live/use-run-live';
import { CompareTab } from './compare-tab';
import { BundleBanner } from '../bundle/bundle-banner';
import { RunActionsMenu } from './run-actions-menu';
import { RunIdHeading } from './run-id-heading';
import { CostsTab } from './costs-tab';
import { CrashTab } from './crash-tab';
import { EventsTab } from './events-tab';
import { OverviewTab } from './overview-tab';
import { StepsTab } from './steps-tab';
import type { TabProps } from './tab-props';
import { TimelineTab } from './timeline-tab';
import { TurnsTab } from './turns-tab';
import { TimeTravelBar } from '../time-travel/time-travel-bar';
import { JobView } from '../job/job-view';
import { inJob, isJobRoot } from '../job/job-membership';
import { useTimeTravel } from '../time-travel/use-time-travel';
import { routeAt } from '../time-travel/time-travel';
import { headerFacts } from './run-header-facts';

const TAB_LABELS: Record<RunTab, string> = {
  overview: 'Overview',
  timeline: 'Timeline',
  steps: 'Steps',
  turns: 'Turns & tools',
  costs: 'Costs',
  crash: 'Crash & resume',
  compare: 'Compare',
  events: 'Events',
  job: 'Job',
};

const TABS: Record<Exclude<RunTab, 'events' | 'job'>, (props: TabProps) => React.JSX.Element> = {
  overview: OverviewTab,
  timeline: TimelineTab,
  steps: StepsTab,
  turns: TurnsTab,
  costs: CostsTab,
  crash: CrashTab,
  compare: CompareTab,
};

export function RunView({ route }: { route: Extract<Route, { view: 'run' }> }) {
  const snapshot = useLibraryStore((s) => s.snapshot);
  // In a shared bundle's page: no export or share (nothing to read from), the bundle's own notes instead.
  const bundle = useLibraryStore((s) => s.appInfo?.bundle ?? null);
  const navigate = useRouteStore((s) => s.navigate);
  const replace = useRouteStore((s) => s.replace);
  // The position an address asked for past the log's end (then shown clamped, with a note).
  const [clampedFrom, setClampedFrom] = useState<{ asked: number; runId: string } | null>(null);
  const { head, load, moving } = useRunStore();
  const detail = head.phase === 'ready' ? head.value : null;
  const found = useMemo(() => (snapshot ? runAtAddress(snapshot, route.runId, route.dir) : null), [snapshot, route]);
  const live = useLiveRun(found?.dataDir, found?.runId);
  const ref = useMemo(
    () => (found ? { dataDir: found.dataDir, runId: found.runId, ...(route.at === undefined ? {} : { at: route.at }) } : null),
    [found?.dataDir, found?.runId, route.at],
  );
  const { reset, dismiss } = useRunLive(ref);
  const run = found ? overlayRun(found, live) : null;
  const last = run ? (run.lastSequence ?? run.eventCount) : 0;
  const travel = useTimeTravel(route, ref, last);
  // An `at` past the log (`/at/99999` on a 31-event run) is the log's end: the address is put right, and a note says so.
  const pastEnd = route.at !== undefined && last > 0 && route.at > last;

  useEffect(() => {
    if (!pastEnd || route.at === undefined) return;
    setClampedFrom({ asked: route.at, runId: route.runId });
    replace(routeAt(route, last));
  }, [pastEnd, route, last, replace]);

  useEffect(() => {
    if (ref && !pastEnd) void load(ref);
  }, [ref, load, pastEnd]);

  if (!snapshot) return <p className="loading" role="status">Opening the library…</p>;
  if (!run) {
    return (
      <div role="alert" className="error">
        No run <code>{route.runId}</code>
        {route.dir ? ` in ${route.dir}` : ''} in {snapshot.root}. <a href="#/">Back to the run list</a>
      </div>
    );
  }
  const Tab = route.tab === 'events' || route.tab === 'job' ? null : TABS[route.tab];
  const jobTab = inJob(run, snapshot.runs);
  // One "as of #N" for the whole screen: the header says what the head at N says.
  const shown = headerFacts(run, detail, route.at);
  const clampNote = clampedFrom !== null && clampedFrom.runId === route.runId && route.at === last ? clampedFrom.asked : null;
  return (
    <section className="run-view" aria-label={`Run ${run.runId}`}>
      <header className="run-header">
        <a href="#/" className="muted">Runs</a>
        <span className="muted">/</span>
        <RunIdHeading runId={run.runId} />
        <StatusBadge run={shown.status} />
        {run.label && <span className="muted">{run.label}</span>}
        <RunLiveIndicator live={live} />
        <span className="run-header-cost" data-testid="run-header-cost" data-as-of={shown.asOf ?? 'now'}>
          {formatCostFacts(shown.cost)}
        </span>
        <span className="run-header-tokens muted" data-testid="run-header-tokens" title="input / output tokens">
          {formatCount(shown.inputTokens)} in / {formatCount(shown.outputTokens)} out
        </span>
        {shown.asOf !== null && <span className="run-header-asof muted">as of #{shown.asOf}</span>}
        {bundle === null && <RunActionsMenu run={{ dataDir: run.dataDir, runId: run.runId }} />}
      </header>
      {bundle && <BundleBanner info={bundle} />}
      {reset && (
        <div className="live-notice" role="status">
          The log was rewritten on disk ({reset}): everything shown was read again from the start.
          <button type="button" onClick={dismiss}>Dismiss</button>
        </div>
      )}
      <nav className="run-tabs" aria-label="Run views">
        {RUN_TABS.filter((tab) => (bundle === null || tab !== 'compare') && (tab !== 'job' || (jobTab && bundle === null))).map((tab) => (
          <a
            key={tab}
            href="#"
            aria-current={route.tab === tab ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault();
              // The position and the compare baseline stay while moving between tabs.
              navigate({ view: 'run', runId: route.runId, dir: route.dir, tab, ...(route.at === undefined ? {} : { at: route.at }), ...(route.against ? { against: route.against } : {}) });
            }}
          >
            {TAB_LABELS[tab]}
          </a>
        ))}
      </nav>
      {/* Runs without a crash boundary (not a little-workflow log) have no time travel; a shared bundle holds the run as exported (and no job: it holds one run). */}
      {clampNote !== null && (
        <p className="live-notice" role="note" data-testid="as-of-clamped">
          The address asked for event #{clampNote.toLocaleString('en-US')}, but this log ends at #{last.toLocaleString('en-US')}: shown as of its last event.
        </p>
      )}
      {bundle === null && (route.at !== undefined || route.tab === 'timeline' || route.tab === 'events' || (route.tab === 'job' && isJobRoot(run))) && detail?.boundary !== null && (
        <TimeTravelBar route={route} head={detail} last={last} moving={moving} travel={travel} />
      )}
      <div className="run-body">
        {head.phase === 'loading' && route.at !== undefined && (
          <div className="progress" role="progressbar" aria-label="Loading the run" aria-busy="true">
            <span>Folding the first {route.at.toLocaleString('en-US')} events…</span>
          </div>
        )}
        {head.phase === 'loading' && route.at === undefined && (
          <div className="progress" role="progressbar" aria-label="Loading the run" aria-busy="true">
            <span>Reading and folding {run.eventCount.toLocaleString('en-US')} events…</span>
          </div>
        )}
        {head.phase === 'error' && (
          <div role="alert" className="error">
            <strong>{head.error.code}</strong>: {head.error.message}
          </div>
        )}
        {route.tab === 'events' && <EventsTab detail={detail} route={route} summary={run} />}
        {route.tab === 'job' && ref && <JobView runRef={ref} route={route} />}
        {Tab && detail && <Tab detail={detail} route={route} />}
      </div>
    </section>
  );
}
