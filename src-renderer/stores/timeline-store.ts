/**
 * Timeline domain store: the visible window of the (broken) time axis, collapsed rows and
 * the hovered bar. Rows select only what they draw; the tooltip alone follows `hover`.
 */
import { create } from 'zustand';
import type { TimelineFold } from '../../shared/run/run-head-types';
import type { TimelineRow } from '../../shared/timeline/timeline-types';
import type { FoldState } from '../../shared/timeline/visible-rows';

/** Visible window of the axis, in axis ms. */
export type TimelineWindow = { start: number; end: number };

/** What the tooltip describes: a row's segment, anchored at a viewport point. */
export type TimelineHover = { row: TimelineRow; segment: number; x: number; y: number };

/** The fold as `run.slice` takes it. */
export function foldSpec(fold: FoldState): TimelineFold {
  return { allCollapsed: fold.allCollapsed, ids: Object.keys(fold.ids) };
}

export type TimelineState = {
  /** The run the state belongs to (its run key); another run resets it. */
  runKey: string | null;
  axisMs: number;
  window: TimelineWindow;
  fold: FoldState;
  hover: TimelineHover | null;
  /**
   * Adopt a run: fit its axis and expand everything. The same run with a longer axis (live)
   * keeps zoom and collapsed rows, and follows the tail when the old end was in view.
   */
  open(runKey: string, axisMs: number): void;
  /** Zoom by `factor` (> 1 zooms in) keeping the point at `anchor` (0..1 of the lane) still. */
  zoom(factor: number, anchor?: number): void;
  /** Move the window by `fraction` of its width (positive: later). */
  pan(fraction: number): void;
  /** Move the window by axis ms from a starting window (drag). */
  panFrom(from: TimelineWindow, deltaMs: number): void;
  /** Move the window (same width) so axis ms `a` is at its centre (the minimap). */
  centreAt(a: number): void;
  /** Show the whole run. */
  fit(): void;
  toggle(rowId: string): void;
  /** Fold every group (`true`) or open every group. */
  foldAll(collapsed: boolean): void;
  setHover(hover: TimelineHover | null): void;
};

const fitted = (axisMs: number): TimelineWindow => {
  const pad = Math.max(axisMs * 0.01, 1);
  return { start: -pad, end: axisMs + pad };
};

/** Keep the window inside the run (with a margin) and at least a millisecond wide. */
function clampWindow(w: TimelineWindow, axisMs: number): TimelineWindow {
  const full = fitted(axisMs);
  const width = Math.min(Math.max(w.end - w.start, Math.min(1, full.end - full.start)), full.end - full.start);
  const start = Math.min(Math.max(w.start, full.start), full.end - width);
  return { start, end: start + width };
}

/**
 * The window after the axis went from `before` to `after` ms: a fitted window stays fitted,
 * one showing the old end slides to the new end (same width), any other stays put.
 */
export function followAxis(w: TimelineWindow, before: number, after: number): TimelineWindow {
  const old = fitted(before);
  if (w.start <= old.start && w.end >= old.end) return fitted(after);
  if (w.end >= old.end - Math.max((w.end - w.start) * 0.02, 1)) {
    const end = fitted(after).end;
    return clampWindow({ start: end - (w.end - w.start), end }, after);
  }
  return clampWindow(w, after);
}

export const useTimelineStore = create<TimelineState>()((set, get) => ({
  runKey: null,
  axisMs: 0,
  window: { start: 0, end: 1 },
  fold: { allCollapsed: false, ids: {} },
  hover: null,
  open(runKey, axisMs) {
    const { runKey: current, axisMs: before, window: w } = get();
    if (current === runKey && before === axisMs) return;
    if (current === runKey) {
      set({ axisMs, window: followAxis(w, before, axisMs) });
      return;
    }
    set({ runKey, axisMs, window: fitted(axisMs), fold: { allCollapsed: false, ids: {} }, hover: null });
  },
  zoom(factor, anchor = 0.5) {
    const { window: w, axisMs } = get();
    const width = w.end - w.start;
    const at = w.start + width * anchor;
    const next = width / factor;
    set({ window: clampWindow({ start: at - next * anchor, end: at - next * anchor + next }, axisMs), hover: null });
  },
  pan(fraction) {
    const { window: w, axisMs } = get();
    const delta = (w.end - w.start) * fraction;
    set({ window: clampWindow({ start: w.start + delta, end: w.end + delta }, axisMs), hover: null });
  },
  panFrom(from, deltaMs) {
    set({ window: clampWindow({ start: from.start + deltaMs, end: from.end + deltaMs }, get().axisMs), hover: null });
  },
  centreAt(a) {
    const { window: w, axisMs } = get();
    const half = (w.end - w.start) / 2;
    set({ window: clampWindow({ start: a - half, end: a + half }, axisMs), hover: null });
  },
  fit() {
    set({ window: fitted(get().axisMs), hover: null });
  },
  toggle(rowId) {
    const { fold } = get();
    const ids = { ...fold.ids };
    if (ids[rowId]) delete ids[rowId];
    else ids[rowId] = true;
    set({ fold: { allCollapsed: fold.allCollapsed, ids }, hover: null });
  },
  foldAll(collapsed) {
    set({ fold: { allCollapsed: collapsed, ids: {} }, hover: null });
  },
  setHover(hover) {
    set({ hover });
  },
}));
