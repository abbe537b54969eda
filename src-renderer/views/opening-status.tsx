/**
 * What an open under way has got to (main pushes `library.opening` as its walk and reads go) with
 * a Cancel that stops it, and the word that it was cancelled. A huge folder takes a while: the
 * user sees it counting and can take it back, and the library they had stays on screen.
 */
import { useShallow } from 'zustand/react/shallow';
import type { OpeningProgress } from '../../shared/contract';
import { useLibraryStore } from '../stores/library-store';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** One line for a progress report: what is being done, and the counts so far. */
export function openingLine(progress: OpeningProgress): string {
  const found = `${count(progress.dataDirs, 'data dir', 'data dirs')}, ${count(progress.sessions, 'session', 'sessions')}`;
  return progress.phase === 'discovering'
    ? `Opening ${progress.path}: looked through ${count(progress.folders, 'folder', 'folders')}, found ${found}…`
    : `Opening ${progress.path}: reading the runs of ${found}…`;
}

/** The open's progress and Cancel while it runs; after a cancel, a quiet note. */
export function OpeningStatus() {
  const { loading, progress, cancelled, cancelOpen } = useLibraryStore(
    useShallow((s) => ({ loading: s.opening.phase === 'loading', progress: s.progress, cancelled: s.cancelled, cancelOpen: s.cancelOpen })),
  );
  if (loading && progress) {
    return (
      <div className="opening-status" role="status">
        <span>{openingLine(progress)}</span>
        <button type="button" onClick={() => void cancelOpen()}>Cancel</button>
      </div>
    );
  }
  if (!loading && cancelled) {
    return (
      <div className="opening-status" role="status">
        Opening {cancelled} was cancelled; the library shown is the one you had.
      </div>
    );
  }
  return null;
}
