import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpeningProgress } from '../../shared/contract';
import type { LibrarySnapshot } from '../../shared/library';

// The library store while an open runs: main's progress pushes show, a cancel keeps the library
// on screen and says so quietly (no error alert), a late push after the answer does not bring the
// status back. `api` is a fake whose open answers when the test says.
const fake = vi.hoisted(() => ({ answer: null as null | ((value: unknown) => void), cancels: 0 }));
vi.mock('../api', () => ({
  api: {
    'library.open': () => new Promise((done) => (fake.answer = done)),
    'library.cancelOpen': async () => {
      fake.cancels += 1;
      return { ok: true, value: true };
    },
    'app.info': async () => ({ ok: false, error: { code: 'io-error', message: 'not here', severity: 'error' } }),
  },
}));

const { useLibraryStore, libraryError } = await import('./library-store');
const shown = { root: '/projects/a', dataDirs: [], runs: [], diagnostics: [] } as unknown as LibrarySnapshot;
const progress: OpeningProgress = { path: '/big', phase: 'discovering', folders: 1250, dataDirs: 2, sessions: 40 };
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  fake.answer = null;
  fake.cancels = 0;
  useLibraryStore.setState({ snapshot: shown, opening: { phase: 'ready', value: shown }, progress: null, cancelled: null });
});

describe('library store: an open under way', () => {
  it('shows main’s progress while it runs, and a cancel keeps the library with a quiet note', async () => {
    const opening = useLibraryStore.getState().open('/big');
    useLibraryStore.getState().receiveOpening(progress);
    expect(useLibraryStore.getState().progress).toEqual(progress);
    await useLibraryStore.getState().cancelOpen();
    expect(fake.cancels).toBe(1);
    fake.answer!({ ok: false, error: { code: 'cancelled', message: 'Opening /big was cancelled', path: '/big', severity: 'info' } });
    await opening;
    const state = useLibraryStore.getState();
    expect(state.snapshot).toBe(shown);
    expect(state.opening).toEqual({ phase: 'ready', value: shown });
    expect(state.cancelled).toBe('/big');
    expect(state.progress).toBeNull();
    expect(libraryError(state)).toBeNull();
  });

  it('a failed open is an error and clears the progress; a push after the answer is ignored', async () => {
    const opening = useLibraryStore.getState().open('/big');
    useLibraryStore.getState().receiveOpening(progress);
    fake.answer!({ ok: false, error: { code: 'not-a-data-dir', message: 'No data dir under /big', severity: 'error' } });
    await opening;
    await settle();
    useLibraryStore.getState().receiveOpening({ ...progress, folders: 2000 });
    const state = useLibraryStore.getState();
    expect(state.progress).toBeNull();
    expect(state.cancelled).toBeNull();
    expect(libraryError(state)?.code).toBe('not-a-data-dir');
  });
});
