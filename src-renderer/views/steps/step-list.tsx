/** The virtualized list of a run's steps; ↑/↓ move the selection, which lives in the URL. */
import { useState, type KeyboardEvent } from 'react';
import type { StepDetail } from '../../../shared/run/run-detail-types';
import type { RunHead } from '../../../shared/run/run-head-types';
import { crashedVerdict, itemDisplayStatus } from '../../../shared/status/display-status';
import { VirtualList } from '../../components/virtual-list';
import { formatRoute, type Route, runBase } from '../../routing/route';
import { useRouteStore } from '../../stores/route-store';
import { useSlice } from '../../stores/use-slice';
import { formatDuration, msBetween } from '../timeline/timeline-format';
import { costText } from './usage-format';

type RunRoute = Extract<Route, { view: 'run' }>;

function stepDuration(step: StepDetail): number | null {
  const first = step.attempts[0];
  const last = step.attempts[step.attempts.length - 1];
  return first ? msBetween(first.startedAt, last.finishedAt) : null;
}

/** Filterable step list; `selected` is the route's step path. */
export function StepList({ detail, route }: { detail: RunHead; route: RunRoute }) {
  const navigate = useRouteStore((s) => s.navigate);
  const [filter, setFilter] = useState('');
  const query = filter.trim();
  // Filtered in main; the list holds only the pages on screen.
  const steps = useSlice<'steps'>(detail.ref, detail.build, { section: 'steps', ...(query ? { query } : {}), ...(route.step !== undefined ? { find: route.step } : {}) });
  const total = steps.total ?? (query ? 0 : detail.steps.count);
  const selectedIndex = steps.found ?? -1;
  const crashed = crashedVerdict(detail.boundary?.verdict);
  const stepRoute = (step: StepDetail): RunRoute => ({ ...runBase(route), tab: 'steps', step: step.stepPath });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const next = Math.min(total - 1, Math.max(0, selectedIndex + (e.key === 'ArrowDown' ? 1 : -1)));
    const step = steps.item(next);
    if (step) navigate(stepRoute(step));
  };

  const renderRow = (i: number) => {
    const step = steps.item(i);
    if (!step) return <div role="listitem" className="step-row step-placeholder" aria-busy="true"><span className="row-loading">loading…</span></div>;
    const status = itemDisplayStatus(step.status, crashed);
    const selected = i === selectedIndex;
    return (
      <div role="listitem">
      <a
        className={`step-row${selected ? ' selected' : ''}`}
        href={formatRoute(stepRoute(step))}
        aria-current={selected ? 'true' : undefined}
        title={step.stepPath}
      >
        <span className={`tl-dot tl-status-${status}`} aria-hidden="true" />
        <span className="step-row-path mono">{step.stepPath}</span>
        {step.attempts.length > 1 && <span className="step-row-attempts">×{step.attempts.length}</span>}
        <span className="step-row-num">{formatDuration(stepDuration(step))}</span>
        <span className="step-row-num step-row-cost">{step.usage.pricedCalls + step.usage.unpricedCalls > 0 ? costText(step.usage) : ''}</span>
        <span className="visually-hidden">{status}</span>
      </a>
      </div>
    );
  };

  return (
    <div className="step-list">
      <input
        type="search"
        className="step-filter"
        placeholder={`Filter ${detail.steps.count.toLocaleString('en-US')} step${detail.steps.count === 1 ? '' : 's'}`}
        aria-label="Filter steps by path"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {steps.error ? (
        <p className="error" role="alert">{steps.error.message}</p>
      ) : steps.total === 0 ? (
        <p className="empty">No step path contains “{filter}”.</p>
      ) : (
        <VirtualList
          count={total}
          rowHeight={26}
          renderRow={renderRow}
          onRangeChange={steps.onRange}
          scrollToIndex={selectedIndex >= 0 ? selectedIndex : null}
          label="Steps (arrow keys move the selection)"
          className="step-list-rows"
          containerProps={{ onKeyDown }}
        />
      )}
    </div>
  );
}
