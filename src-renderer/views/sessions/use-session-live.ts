/**
 * The open session, live: while the live observer delivers new trace lines of it (the harness
 * data dir's tail in main, by byte offset), the view is read again at most every
 * SESSION_EVERY_MS. Returns a number that changes when it should be read again.
 */
import { useEffect, useState } from 'react';
import { runKey } from '../../../shared/run/run-key';
import { useLibraryStore } from '../../stores/library-store';
import { onLiveFrame } from '../../stores/live-store';

/** Least gap between two reads of a growing session. */
export const SESSION_EVERY_MS = 500;

/** A counter bumped when session `sessionId` of the harness data dir labelled `dirLabel` grew, was reset or ended. */
export function useSessionLive(dirLabel: string, sessionId: string | null): number {
  const [version, setVersion] = useState(0);
  const dataDir = useLibraryStore((s) => s.snapshot?.dataDirs.find((d) => d.label === dirLabel)?.path);
  useEffect(() => {
    if (dataDir === undefined || sessionId === null) return;
    const key = runKey(dataDir, sessionId);
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = Number.NEGATIVE_INFINITY;
    const off = onLiveFrame((frame) => {
      const grew = (frame.appended[key]?.length ?? 0) > 0 || (frame.skipped[key] ?? 0) > 0;
      if (!grew && frame.reset[key] === undefined && frame.ended[key] === undefined) return;
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        setVersion((v) => v + 1);
      }, Math.max(0, last + SESSION_EVERY_MS - Date.now()));
    });
    return () => {
      off();
      if (timer !== null) clearTimeout(timer);
    };
  }, [dataDir, sessionId]);
  return version;
}
