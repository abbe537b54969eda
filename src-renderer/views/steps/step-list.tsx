/** The virtualized list of a run's steps; ↑/↓ move the selection, which lives in the URL. */
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { RunDetail, StepDetail } from '../../../shared/run/run-detail-types';
import { VirtualList } from '../../components/virtual-list';
import { formatRoute, type Route } from '../../routing/route';
import { useRouteStore } from '../../stores/route-store';
import { formatDuration, msBetween } from '../timeline/timeline-format';
import { costText } from './usage-format';

type RunRoute = Extract<Route, { view: 'run' }>;

function stepDuration(step: StepDetail): number | null {
  const first = step.attempts[0];
  const last = step.attempts[step.attempts.length - 1];
  return first ? msBetween(first.startedAt, last.finishedAt) : null;
}

/** Filterable step list; `selected` is the route's step path. */
export function StepList({ detail, route }: { detail: RunDetail; route: RunRoute }) {
  const navigate = useRouteStore((s) => s.navigate);
  const [filter, setFilter] = useState('');
  const steps = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? detail.steps.filter((s) => s.stepPath.toLowerCase().includes(needle)) : detail.steps;
  }, [detail.steps, filter]);
  const selectedIndex = steps.findIndex((s) => s.stepPath === route.step);
  const crashed = detail.boundary?.verdict.kind === 'crashed';
  const stepRoute = (step: StepDetail): RunRoute => ({ view: 'run', runId: route.runId, dir: route.dir, tab: 'steps', step: step.stepPath });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const next = Math.min(steps.length - 1, Math.max(0, selectedIndex + (e.key === 'ArrowDown' ? 1 : -1)));
    if (steps[next]) navigate(stepRoute(steps[next]));
  };

  const renderRow = (i: number) => {
    const step = steps[i];
    const status = step.status === 'running' && crashed ? 'crashed' : step.status;
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
        placeholder={`Filter ${detail.steps.length.toLocaleString('en-US')} steps`}
        aria-label="Filter steps by path"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {steps.length === 0 ? (
        <p className="empty">No step path contains “{filter}”.</p>
      ) : (
        <VirtualList
          count={steps.length}
          rowHeight={26}
          renderRow={renderRow}
          rowKey={(i) => steps[i].stepPath}
          scrollToIndex={selectedIndex >= 0 ? selectedIndex : null}
          label="Steps (arrow keys move the selection)"
          className="step-list-rows"
          containerProps={{ onKeyDown }}
        />
      )}
    </div>
  );
}
