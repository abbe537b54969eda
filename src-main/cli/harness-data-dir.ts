/**
 * Which little-harness data dir the session commands read: `--data-dir` (default
 * `.little-harness`, little-harness's own default) when it is one, else the one found under it.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { diagnostic, type Result } from '../../shared/diagnostics';
import { doctorReport } from '../../shared/harness-trace/doctor';
import type { TraceRead } from '../../shared/harness-trace/trace-reader';
import { findHarnessDataDirs, isHarnessDataDir, openSession, readSessionTrace, type OpenSession } from '../library/harness-logs';
import { UsageError } from './args';
import { DataDirError } from './run-log';

/** little-harness's default data dir, relative to the working directory. */
export const DEFAULT_HARNESS_DIR = '.little-harness';

/** Every harness data dir at or under `--data-dir` (exit 2 when there is none). */
export function harnessDataDirs(flag: string | true | undefined): string[] {
  const root = resolve(process.cwd(), typeof flag === 'string' ? flag : DEFAULT_HARNESS_DIR);
  let isDir = false;
  try {
    isDir = statSync(root).isDirectory();
  } catch {
    throw new DataDirError(diagnostic('path-not-found', `${root} does not exist; pass --data-dir with a .little-harness folder or a folder holding one`, { path: root }));
  }
  if (!isDir) throw new DataDirError(diagnostic('path-not-directory', `${root} is not a folder`, { path: root }));
  const dirs = isHarnessDataDir(root) ? [root] : findHarnessDataDirs(root);
  if (dirs.length === 0) throw new DataDirError(diagnostic('not-a-data-dir', `No little-harness sessions (sessions/<id>/status.json) under ${root}`, { path: root }));
  return dirs;
}

/** The one harness data dir the per-session commands read (a usage error naming them when there are several). */
export function oneHarnessDataDir(flag: string | true | undefined): string {
  const dirs = harnessDataDirs(flag);
  if (dirs.length > 1) throw new UsageError(`several little-harness data dirs found; pick one with --data-dir:\n  ${dirs.join('\n  ')}`);
  return dirs[0];
}

/** Open `sessionId` and read its trace; a missing session is a run error (`Session not found: …`, exit 1). */
export function readSessionOrThrow(harnessDir: string, sessionId: string): { session: OpenSession; trace: TraceRead } {
  const session = unwrap(openSession(harnessDir, sessionId));
  return { session, trace: unwrap(readSessionTrace(session.dir)) };
}

/** The doctor report of one session of the data dir. */
export function sessionDoctor(harnessDir: string, sessionId: string): ReturnType<typeof doctorReport> {
  const { session, trace } = readSessionOrThrow(harnessDir, sessionId);
  return doctorReport(session.id, trace);
}

function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  const error = new Error(result.error.message);
  error.name = result.error.code === 'run-not-found' ? 'SessionNotFoundError' : 'SessionReadError';
  throw error;
}
