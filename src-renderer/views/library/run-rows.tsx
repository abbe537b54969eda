/** The three kinds of run list row: a data-dir group, an outer-loop group and a run. */
import type { MouseEvent } from 'react';
import { runDisplayStatus } from '../../../shared/status/display-status';
import { sessionStateWord } from '../../../shared/harness-trace/session-state';
import { StatusBadge } from '../../components/status-badge';
import { formatCount } from '../../format';
import { overlayRun } from '../../stores/live-reducer';
import { useLiveRun } from '../../stores/live-store';
import { LiveAge, LiveBadge } from '../live/live-marker';
import { formatStarted, formatDuration, formatRunCost, shortId } from './library-format';
import { durationMs } from './run-filters';
import type { ListRow } from './run-tree';
import { FindingsCell } from './findings-cell';
import { RUN_COLUMNS } from './run-columns';

const INDENT = 18;

/** An event type with a line break allowed after each dot or underscore and before each inner capital (`harness.model.<wbr>responded`, `OuterLoop<wbr>Cycle…`): the narrow list wraps it there, not mid-word. */
function DottedName({ name }: { name: string }) {
  const parts = name.split(/(?<=[._])|(?<=[a-z])(?=[A-Z])/);
  return <>{parts.map((part, i) => <span key={i}>{i > 0 && <wbr />}{part}</span>)}</>;
}

const DIR_KIND_TEXT: Record<Extract<ListRow, { kind: 'dir' }>['dir']['kind'], string> = {
  workflow: 'workflow',
  'harness-sessions': 'little-harness sessions',
  'harness-session': 'harness session',
  'harness-dynamic': 'harness dynamic',
};

type RowBase = { id: string; rowIndex: number; selected: boolean };

/** A data dir's group header: toggles the whole group. */
export function DirRow({ row, id, rowIndex, onToggle }: RowBase & { row: Extract<ListRow, { kind: 'dir' }>; onToggle(): void }) {
  const { dir } = row;
  const warnings = dir.diagnostics.length;
  return (
    <div role="row" id={id} aria-rowindex={rowIndex} aria-level={1} aria-expanded={row.total > 0 ? row.expanded : undefined} className="lib-row lib-dir" data-dir-label={dir.label}>
      <div role="gridcell" aria-colspan={RUN_COLUMNS.length} className="lib-cell lib-dir-cell">
        <button type="button" className="lib-toggle lib-dir-toggle" aria-expanded={row.expanded} onClick={onToggle} tabIndex={-1} disabled={row.total === 0}>
          <span className="lib-chevron" aria-hidden="true">{row.expanded ? '▾' : '▸'}</span>
          <span className="mono">{dir.label}</span>
        </button>
        <span className="muted">
          {DIR_KIND_TEXT[dir.kind]}
          {dir.sessionKey ? ` ${dir.sessionKey}` : ''} · {row.shown === row.total ? '' : `${row.shown} of `}
          {row.total} {dir.kind === 'harness-sessions' ? 'session' : 'run'}{row.total === 1 ? '' : 's'}
        </span>
        {warnings > 0 && (
          <span className="lib-warn" title={dir.diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n')}>
            {warnings} diagnostic{warnings === 1 ? '' : 's'}
          </span>
        )}
      </div>
    </div>
  );
}

/** An outer loop's group header, with its cycles' totals. */
export function LoopRow({ row, id, rowIndex, onToggle }: RowBase & { row: Extract<ListRow, { kind: 'loop' }>; onToggle(): void }) {
  const { facts } = row;
  return (
    <div role="row" id={id} aria-rowindex={rowIndex} aria-level={row.depth + 2} aria-expanded={row.expanded} className="lib-row lib-loop" data-loop-id={row.outerLoopId}>
      <div role="gridcell" className="lib-cell lib-col-run" style={{ paddingLeft: 8 + row.depth * INDENT }}>
        <button type="button" className="lib-toggle" aria-expanded={row.expanded} onClick={onToggle} tabIndex={-1}>
          <span className="lib-chevron" aria-hidden="true">{row.expanded ? '▾' : '▸'}</span>
          <span className="muted">outer loop</span> <span className="mono">{shortId(row.outerLoopId, 14)}</span>
        </button>
        <span className="muted"> · {row.cycleCount} cycle{row.cycleCount === 1 ? '' : 's'}</span>
      </div>
      <div role="gridcell" className="lib-cell lib-col-status">
        <span className={`lib-loop-status lib-fg-${facts.status}`}>{facts.status}</span>
      </div>
      <div role="gridcell" className="lib-cell lib-col-started mono">{formatStarted(facts.startedAt)}</div>
      <div role="gridcell" className="lib-cell lib-col-duration num">{formatDuration(facts.durationMs)}</div>
      <div role="gridcell" className="lib-cell lib-col-events num">{formatCount(facts.eventCount)}</div>
      <div role="gridcell" className="lib-cell lib-col-tokens num">{formatCount(facts.inputTokens)} / {formatCount(facts.outputTokens)}</div>
      <div role="gridcell" className="lib-cell lib-col-cost num">{formatRunCost(facts)}</div>
      <FindingsCell run={null} />
      <div role="gridcell" className="lib-cell lib-col-last" />
    </div>
  );
}

type RunRowProps = RowBase & {
  row: Extract<ListRow, { kind: 'run' }>;
  href: string;
  onOpen(): void;
  onToggle(): void;
  /** Picked for "Compare", and the toggle. */
  picked: boolean;
  onPick(): void;
};

/** A run: id, label and tags, status, times, counts, cost. Clicking anywhere opens it. */
export function RunRow({ row, id, rowIndex, selected, href, onOpen, onToggle, picked, onPick }: RunRowProps) {
  // Between two snapshots (≤ 250 ms apart) the live summary of this run is drawn on top.
  const live = useLiveRun(row.run.dataDir, row.run.runId);
  const run = overlayRun(row.run, live);
  const active = live?.summary.phase === 'active';
  const open = (event: MouseEvent) => {
    // Links and buttons inside the row do their own thing.
    if ((event.target as Element).closest('a, button, input, label')) return;
    onOpen();
  };
  const unpriced = run.costUsd === null;
  const tokensZero = !run.inputTokens && !run.outputTokens;
  return (
    <div
      role="row"
      id={id}
      aria-rowindex={rowIndex}
      aria-level={row.depth + 2}
      aria-selected={selected}
      aria-expanded={row.expanded ?? undefined}
      className={`lib-row lib-run${selected ? ' selected' : ''}${picked ? ' picked' : ''}`}
      data-run-id={run.runId}
      data-dir-label={row.dirLabel}
      data-cost={run.costUsd ?? ''}
      data-status={runDisplayStatus(run)}
      data-live={live?.summary.phase}
      onClick={open}
    >
      <div role="gridcell" className="lib-cell lib-col-run">
        {row.depth > 0 && <span className="lib-branch" aria-hidden="true" style={{ marginLeft: row.depth * INDENT - INDENT }}>└</span>}
        <a href={href} className="mono lib-run-id" tabIndex={-1} title={run.runId}>{run.runId}</a>
        {/* After the id in the page (the row's accessible name still starts with the run id), first on screen (CSS order): it stays put whatever the id's length and depth. */}
        <input type="checkbox" className="lib-pick" checked={picked} onChange={onPick} tabIndex={-1} aria-label={`Pick ${run.runId} to compare`} title="Pick two runs, then Compare (x marks the selected run, c compares)" />
        {row.childCount > 0 && (
          <button type="button" className="lib-toggle lib-kids" aria-expanded={row.expanded ?? false} onClick={onToggle} tabIndex={-1}>
            <span className="lib-chevron" aria-hidden="true">{row.expanded ? '▾' : '▸'}</span>
            {row.childCount} sub-run{row.childCount === 1 ? '' : 's'}
          </button>
        )}
        {row.parentHint && <span className="lib-hint" title={`sub-run of ${row.parentHint}`}>↳ {shortId(row.parentHint)}</span>}
        {row.loopHint && <span className="lib-hint" title={`cycle of outer loop ${row.loopHint}`}>⟳ {shortId(row.loopHint)}</span>}
        {/* Label and tags last: when the column is narrow they are what gets cut, never the id. */}
        {run.label && <span className="lib-label" title={run.label}>{run.label}</span>}
        {run.tags.map((tag) => (
          <span key={tag} className="lib-tag">{tag}</span>
        ))}
      </div>
      <div role="gridcell" className="lib-cell lib-col-status"><StatusBadge run={run} word={run.session ? sessionStateWord(run.session.state) : undefined} /><LiveBadge live={live} /></div>
      <div role="gridcell" className="lib-cell lib-col-started mono">{formatStarted(run.startedAt)}</div>
      <div role="gridcell" className="lib-cell lib-col-duration num" title={run.finishedAt ? undefined : 'no terminal event'}>
        {formatDuration(durationMs(run))}
      </div>
      <div role="gridcell" className="lib-cell lib-col-events num">{formatCount(run.eventCount)}</div>
      <div role="gridcell" className={`lib-cell lib-col-tokens num${tokensZero ? ' muted' : ''}`}>
        {formatCount(run.inputTokens)} / {formatCount(run.outputTokens)}
      </div>
      <div role="gridcell" className={`lib-cell lib-col-cost num${unpriced || run.costUsd === 0 ? ' muted' : ''}`} title={unpriced ? `${formatRunCost(run)}: no model call of this run could be priced` : formatRunCost(run)}>
        {formatRunCost(run)}
      </div>
      <FindingsCell run={row.run} />
      <div role="gridcell" className="lib-cell lib-col-last mono" title={run.verdict ?? run.lastEventType ?? undefined}>
        {run.lastEventType ? <DottedName name={run.lastEventType} /> : '—'}
        {active && <> · <LiveAge iso={live.summary.lastEventAt} /></>}
      </div>
    </div>
  );
}
