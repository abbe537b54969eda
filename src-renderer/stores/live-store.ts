/**
 * Live domain store: what the live observer pushed about runs being written right now, and the
 * one shared clock that makes "last event N s ago" tick (once per second, only while a run is
 * active). `app.tsx` holds the only subscription: pushes are batched per animation frame, the
 * frame's library snapshot goes to the library store, and frame listeners (the open run's view)
 * get the frame's new rows, resets and endings, all in one task so React renders once.
 */
import { create } from 'zustand';
import type { PushMessage } from '../../shared/contract';
import { useLibraryStore } from './library-store';
import { runKey } from '../../shared/run/run-key';
import { anyActive, applyPushes, createFrameBatcher, type FrameScheduler, type LiveFrame, type LiveRun, type LiveRuns } from './live-reducer';

export type LiveState = {
  runs: LiveRuns;
  /** Wall-clock ms of the shared clock (ticks each second while a run is active). */
  now: number;
  /** Frames applied (for tests and the latency probe). */
  frames: number;
};

export const useLiveStore = create<LiveState>()(() => ({ runs: {}, now: Date.now(), frames: 0 }));

/** The live facts of one run (narrow selector: re-renders only when that run changes). */
export function useLiveRun(dataDir: string | undefined, runId: string | undefined): LiveRun | undefined {
  return useLiveStore((s) => (dataDir === undefined || runId === undefined ? undefined : s.runs[runKey(dataDir, runId)]));
}

const frameListeners = new Set<(frame: LiveFrame) => void>();

/** Be told about every applied frame (new rows, resets, endings); returns the unsubscribe. */
export function onLiveFrame(listener: (frame: LiveFrame) => void): () => void {
  frameListeners.add(listener);
  return () => frameListeners.delete(listener);
}

let clock: ReturnType<typeof setInterval> | null = null;

function syncClock(runs: LiveRuns): void {
  if (anyActive(runs)) {
    clock ??= setInterval(() => useLiveStore.setState({ now: Date.now() }), 1000);
  } else if (clock !== null) {
    clearInterval(clock);
    clock = null;
  }
}

/** Apply one frame's pushes to every store it concerns. */
export function applyFrame(messages: PushMessage[]): void {
  const frame = applyPushes(useLiveStore.getState().runs, messages);
  if (frame.snapshot !== null) useLibraryStore.getState().receive(frame.snapshot);
  const changed = messages.some((message) => message.kind !== 'library.changed');
  if (changed) useLiveStore.setState((s) => ({ runs: frame.runs, now: Date.now(), frames: s.frames + 1 }));
  syncClock(frame.runs);
  for (const listener of [...frameListeners]) {
    try {
      listener(frame);
    } catch (error) {
      console.error('live frame listener failed', error);
    }
  }
}

/** Next animation frame while the page is visible; a slow timer while hidden (rAF sleeps there). */
const nextFrame: FrameScheduler = (callback) => {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
    const timer = setTimeout(callback, 250);
    return () => clearTimeout(timer);
  }
  const id = requestAnimationFrame(callback);
  return () => cancelAnimationFrame(id);
};

const batcher = createFrameBatcher(applyFrame, nextFrame);

/** The push listener `app.tsx` subscribes (one per window). */
export function receivePush(message: PushMessage): void {
  batcher.push(message);
}

/** Forget everything (tests). */
export function resetLiveStore(): void {
  batcher.dispose();
  syncClock({});
  useLiveStore.setState({ runs: {}, now: Date.now(), frames: 0 });
}
