import { afterEach, expect, it } from 'vitest';
import { parseRoute } from '../routing/route';
import { listenToHash, useRouteStore } from './route-store';

const g = globalThis as { window?: unknown };
afterEach(() => {
  delete g.window;
});

it('takes an address that changed before it subscribed (a deep link followed while the app was starting)', () => {
  // The store was created on the start address (here: no window, the library).
  expect(useRouteStore.getState().route).toEqual({ view: 'library' });
  const listeners: Array<() => void> = [];
  g.window = {
    location: { hash: '#/run/run_1b2c3d4e-0000-4000-8000-000000000001/costs' },
    addEventListener: (_type: string, listener: () => void) => void listeners.push(listener),
    removeEventListener: () => undefined,
  };
  const stop = listenToHash();
  expect(useRouteStore.getState().route).toEqual(parseRoute('#/run/run_1b2c3d4e-0000-4000-8000-000000000001/costs'));
  expect(useRouteStore.getState().route).not.toEqual({ view: 'library' });
  expect(listeners).toHaveLength(1);
  stop();
});
