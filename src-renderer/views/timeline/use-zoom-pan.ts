/**
 * Zoom and pan input for the Gantt: Ctrl/⌘+wheel zooms at the pointer, Shift+wheel pans,
 * dragging a lane pans, +/−/0 and ←/→ work from the keyboard.
 */
import { useEffect, useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { useTimelineStore, type TimelineWindow } from '../../stores/timeline-store';

const STEP = 1.5;

/** Position of `clientX` as a fraction of the lane (0..1), for zoom anchors. */
function anchorOf(lane: HTMLElement | null, clientX: number): number {
  if (!lane) return 0.5;
  const rect = lane.getBoundingClientRect();
  return Math.min(1, Math.max(0, (clientX - rect.left) / Math.max(rect.width, 1)));
}

/** Wire wheel, drag and keys; returns container handlers and a "was that a drag?" check for clicks. */
export function useZoomPan(containerRef: RefObject<HTMLDivElement | null>, laneRef: RefObject<HTMLDivElement | null>, mounted: boolean) {
  const drag = useRef<{ x: number; from: TimelineWindow; moved: boolean } | null>(null);
  const justDragged = useRef(false);

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    // Non-passive: Ctrl+wheel must not zoom the page and Shift+wheel must not scroll it.
    const onWheel = (e: WheelEvent) => {
      const { zoom, pan } = useTimelineStore.getState();
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        zoom(e.deltaY < 0 ? 1.25 : 0.8, anchorOf(laneRef.current, e.clientX));
      } else if (e.shiftKey) {
        e.preventDefault();
        pan(((e.deltaX || e.deltaY) > 0 ? 1 : -1) * 0.1);
      }
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [containerRef, laneRef, mounted]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || !(e.target as HTMLElement).closest('.tl-lane')) return;
    drag.current = { x: e.clientX, from: useTimelineStore.getState().window, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    if (!d.moved && Math.abs(dx) < 4) return;
    if (!d.moved) e.currentTarget.setPointerCapture(e.pointerId);
    d.moved = true;
    const width = laneRef.current?.getBoundingClientRect().width ?? 1;
    useTimelineStore.getState().panFrom(d.from, (-dx / width) * (d.from.end - d.from.start));
  };
  const onPointerUp = () => {
    justDragged.current = drag.current?.moved ?? false;
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const { zoom, pan, fit } = useTimelineStore.getState();
    const actions: Record<string, () => void> = {
      '+': () => zoom(STEP),
      '=': () => zoom(STEP),
      '-': () => zoom(1 / STEP),
      '0': fit,
      ArrowLeft: () => pan(-0.2),
      ArrowRight: () => pan(0.2),
    };
    const action = actions[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };
  /** True once right after a drag, so the drag's pointerup does not open a step. */
  const consumeDrag = () => {
    const was = justDragged.current;
    justDragged.current = false;
    return was;
  };
  return { handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onKeyDown }, consumeDrag, zoomStep: STEP };
}
