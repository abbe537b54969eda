/** One fixed-height row of the turns list: session header, resume marker, model turn or tool call. */
import type { LiteHarnessView } from '../../../shared/run/run-detail-types';
import type { HarnessRefs } from '../../../shared/run/run-head-types';
import { EventLink, RunLink, type RunAddress } from '../../components/run-links';
import { formatCost, formatCount } from '../../format';
import { formatDuration } from '../crash/relative-time';
import { previewLine } from './one-line';
import { modelIdentity } from './turn-price';
import type { TurnRow } from '../../../shared/run/turn-rows';

/** What is selected in the list (the detail pane shows it). */
export type TurnSelection = { kind: 'session' | 'turn' | 'tool'; id: number } | null;

/** Props of one row. */
export type TurnRowProps = {
  row: TurnRow;
  index: number;
  /** The harness items the cached rows name. */
  harness: HarnessRefs;
  at: RunAddress;
  selected: boolean;
  highlighted: boolean;
  onSelect(selection: TurnSelection, index: number): void;
};

/** Render `row`; selectable rows are a button, links beside it stay separate controls. */
export function TurnRowView({ row, index, harness, at, selected, highlighted, onSelect }: TurnRowProps) {
  const cls = `tr-row tr-${row.kind}${selected ? ' tr-selected' : ''}${highlighted ? ' tr-highlight' : ''}`;
  switch (row.kind) {
    case 'resume':
      return (
        <div className={cls} data-row={index} role="listitem">
          <span className="tr-resume-mark" aria-hidden="true">⟳</span>
          <strong>Resumed here</strong>&nbsp;after {formatDuration(row.gapMs)} downtime
          <span className="muted">&nbsp;· session {row.sessionId} takes over session {row.previousSessionId}&nbsp;</span>
          <EventLink at={at} sequence={row.sequence} />
        </div>
      );
    case 'loose':
      return (
        <div className={cls} data-row={index} role="listitem">
          <strong>Outside any session</strong>
        </div>
      );
    case 'session': {
      const s = harness.sessions[row.sessionId];
      if (!s) return <Placeholder cls={cls} index={index} />;
      return (
        <div className={cls} data-row={index} role="listitem">
          <button type="button" className="tr-select" aria-pressed={selected} onClick={() => onSelect({ kind: 'session', id: s.id }, index)}>
            <span className="tr-title">Session {s.id}</span>
            <span className="tr-role">{s.role ?? 'harness'}</span>
            {s.stepPath && <span className="mono tr-step">{s.stepPath}</span>}
            {s.supersededBySessionId !== undefined ? (
              <span className="tr-chip tr-after">taken over by {s.supersededBySessionId}</span>
            ) : (
              <span className={`tr-chip tr-s-${s.status}`}>{s.status}</span>
            )}
            <span className="muted tr-counts">
              {s.modelTurnIds.length} turn{s.modelTurnIds.length === 1 ? '' : 's'} · {s.toolCallIds.length} tool{s.toolCallIds.length === 1 ? '' : 's'}
            </span>
          </button>
        </div>
      );
    }
    case 'turn': {
      const t = harness.modelTurns[row.turnId];
      if (!t) return <Placeholder cls={cls} index={index} />;
      // Priced in main with the library's active table.
      const priced = t.price;
      const retries = t.failures.length;
      return (
        <div className={cls} data-row={index} role="listitem">
          <button type="button" className="tr-select" aria-pressed={selected} onClick={() => onSelect({ kind: 'turn', id: t.id }, index)}>
            <span className="tr-title">Turn {t.turn ?? '?'}</span>
            <span className="mono tr-model">{modelIdentity(t) ?? 'model not named yet'}</span>
            <span className={`tr-cost${(priced && priced.costUsd === null) || (!priced && t.status === 'in-flight') ? ' tr-unpriced' : ''}`}>
              {priced ? (priced.costUsd === null ? 'unpriced' : formatCost(priced.costUsd)) : t.status === 'in-flight' ? 'cost unknown' : '—'}
            </span>
            <span className="tr-tokens">{priced ? `${formatCount(priced.inputTokens)} in · ${formatCount(priced.outputTokens)} out` : ''}</span>
            <TurnStatus status={t.status} retries={retries} afterResume={t.completedAfterResume} />
          </button>
        </div>
      );
    }
    case 'tool': {
      const c = harness.toolCalls[row.toolId];
      if (!c) return <Placeholder cls={cls} index={index} />;
      return (
        <div className={`${cls}${row.nested ? ' tr-nested' : ''}`} data-row={index} role="listitem">
          <button type="button" className="tr-select" aria-pressed={selected} onClick={() => onSelect({ kind: 'tool', id: c.id }, index)}>
            <span className="tr-arrow" aria-hidden="true">{row.nested ? '↳' : '•'}</span>
            <span className="mono tr-tool">{c.toolName ?? '(unnamed tool)'}</span>
            <span className="mono tr-args">{previewLine(c.args, 120)}</span>
            <span className="muted tr-caller">{c.caller}</span>
            <ToolStatus status={c.status} afterResume={c.completedAfterResume} />
          </button>
          {c.subRunId && (
            <span className="tr-subrun">
              sub-run <RunLink runId={c.subRunId} dir={at.dir} />
            </span>
          )}
        </div>
      );
    }
  }
}

// A row whose item is still on the way from main.
function Placeholder({ cls, index }: { cls: string; index: number }) {
  return <div className={`${cls} tr-placeholder`} data-row={index} role="listitem" aria-busy="true" />;
}

/** The status chip of a model turn; in-flight is loud on purpose. */
export function TurnStatus({ status, retries, afterResume }: { status: LiteHarnessView['modelTurns'][number]['status']; retries: number; afterResume: boolean }) {
  return (
    <span className="tr-status">
      {status === 'in-flight' ? (
        <span className="tr-chip tr-inflight">in flight</span>
      ) : (
        <span className={`tr-chip tr-m-${status}`}>{status}</span>
      )}
      {retries > 0 && <span className="tr-chip tr-retry">{retries} failed attempt{retries === 1 ? '' : 's'}</span>}
      {afterResume && <span className="tr-chip tr-after">after resume</span>}
    </span>
  );
}

/** The status chip of a tool call. */
export function ToolStatus({ status, afterResume }: { status: LiteHarnessView['toolCalls'][number]['status']; afterResume: boolean }) {
  return (
    <span className="tr-status">
      {status === 'in-flight' ? <span className="tr-chip tr-inflight">in flight</span> : <span className={`tr-chip tr-t-${status}`}>{status}</span>}
      {afterResume && <span className="tr-chip tr-after">after resume</span>}
    </span>
  );
}
