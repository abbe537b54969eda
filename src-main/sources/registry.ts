/**
 * The registry of sources: the one place that knows which kinds of run logs exist and picks
 * the source of a data dir. Everything else asks it and never branches on a format.
 */
import type { Diagnostic } from '../../shared/diagnostics';
import type { DataDirInfo, LogFormat } from '../../shared/library';
import { LITTLE_WORKFLOW_KIND } from './little-workflow/little-workflow-source';
import type { OpenDataDirOptions } from './little-workflow/data-dir-reader';
import { LITTLE_HARNESS_KIND } from './little-harness/little-harness-source';
import { LOOPCTL_KIND } from './loopctl/loopctl-source';
import type { RunSource, SourceKind, SourceOptions } from './run-source';

/** Every kind, in the order a folder is tried (a folder with `events/` is little-workflow's even when it also holds ledgers). */
export const SOURCE_KINDS: readonly SourceKind[] = [LITTLE_WORKFLOW_KIND, LOOPCTL_KIND, LITTLE_HARNESS_KIND];

const KIND_OF_FORMAT: Record<LogFormat, SourceKind> = {
  sqlite: LITTLE_WORKFLOW_KIND,
  'jsonl-legacy': LITTLE_WORKFLOW_KIND,
  loopctl: LOOPCTL_KIND,
  'harness-trace': LITTLE_HARNESS_KIND,
};

/** The format of `dir` when some source reads it, else null (discovery's "is this a data dir?"). */
export function recogniseDataDir(dir: string): LogFormat | null {
  for (const kind of SOURCE_KINDS) {
    const format = kind.recognise(dir);
    if (format !== null) return format;
  }
  return null;
}

/** True when `format` is little-workflow's (an events log the CLI's run commands open directly). */
export function isLittleWorkflowFormat(format: LogFormat): boolean {
  return KIND_OF_FORMAT[format] === LITTLE_WORKFLOW_KIND;
}

/** True when other data dirs may sit inside a data dir of `format` (discovery walks on into it). */
export function nestsDataDirs(format: LogFormat): boolean {
  return KIND_OF_FORMAT[format].nestsDataDirs === true;
}

/** Run count and diagnostics of a discovered data dir. */
export function countDataDirRuns(dir: string, format: LogFormat, options?: OpenDataDirOptions): { runCount: number; diagnostics: Diagnostic[] } {
  return KIND_OF_FORMAT[format].countRuns(dir, options);
}

/** One source instance per kind, owned by whoever created the registry. */
export interface SourceRegistry {
  /** The source reading `dir` (a data dir of the snapshot: its format was found by discovery). */
  sourceOf(dir: Pick<DataDirInfo, 'format'>): RunSource;
  /** Drop every source's caches. */
  dispose(): void;
}

/** Create one source of each kind; `dispose()` when the owner closes. */
export function createSourceRegistry(options: SourceOptions = {}): SourceRegistry {
  const sources = new Map<SourceKind, RunSource>(SOURCE_KINDS.map((kind) => [kind, kind.create(options)]));
  return {
    sourceOf: (dir) => sources.get(KIND_OF_FORMAT[dir.format])!,
    dispose: () => {
      for (const source of sources.values()) source.dispose();
    },
  };
}
