/**
 * Mount heavy children one per frame: each caller's flag turns true in its own frame, in
 * call order, so four charts that take ~60 ms each to lay out never add up to one long frame.
 */
import { useEffect, useState } from 'react';

const queue: Array<() => void> = [];
let pumping = false;

function pump(): void {
  const next = queue.shift();
  if (!next) {
    pumping = false;
    return;
  }
  next();
  // Two frames on: a chart draws in the ResizeObserver callback of the frame after it mounts,
  // and callbacks of one frame run in one task, so each chart needs a frame to itself.
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(pump, 16)));
}

/** False on the first render, true once this component's turn has come. */
export function useStagedMount(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    queue.push(() => {
      if (live) setReady(true);
    });
    if (!pumping) {
      pumping = true;
      setTimeout(pump, 0);
    }
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
