/**
 * Reading runs for export through the source registry (no format branches here): which runs a
 * command names (or every run under the root), and one run's spans from its log plus the facts
 * its source reads beside it (lock owner, outer-loop manifest) and the other runs' statuses.
 * The mapping reads little-workflow's event types; a source whose records are of other types
 * (loopctl ledgers) exports the run's root span only (docs/OTLP.md).
 */
import { createHash } from 'node:crypto';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { RUN_ID_PATTERN } from '../../shared/events/envelope';
import type { SubRunStatus } from '../../shared/fold/crash/crash-types';
import type { DataDirInfo, RunSummary } from '../../shared/library';
import type { OtlpSpanData } from '../../shared/otlp/otlp-span-types';
import type { RunSpanFacts } from '../../shared/otlp/run-span-input';
import { RunSpanInputCollector } from '../../shared/otlp/span-input-collector';
import { runSpans } from '../../shared/otlp/run-spans';
import type { SemconvMode } from '../../shared/otlp/semconv-mode';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { loadLibrary } from '../library/load-library';
import { harnessWorldOf } from '../sources/fs/discovery';
import { recogniseDataDir, type SourceRegistry } from '../sources/registry';
import { LOCK_FACT } from '../sources/little-workflow/judge-open-run';
import { readWorkflowVersion } from '../sources/little-workflow/workflow-versions';
import { runDisplayStatus } from '../../shared/status/display-status';

/** node:crypto's sha256 as the hex function the pure id code takes. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The runs to export, the library they were found in, and named runs that are not there. */
export type ExportSelection = { runs: RunSummary[]; library: RunSummary[]; dataDirs: DataDirInfo[]; missing: string[] };

/** The named runs (or all) under `root`; names not found are listed in `missing`. */
export function selectRuns(root: string, runIds: readonly string[] | 'all', table: PriceTable): Result<ExportSelection> {
  const library = loadLibrary(root, table);
  if (!library.ok) return library;
  const all = library.value.runs;
  const missing = runIds === 'all' ? [] : runIds.filter((id) => !all.some((r) => r.runId === id));
  // `--all` is every workflow run: little-harness sessions are rows of the library but not runs (named ones are refused as ids).
  const runs = runIds === 'all' ? all.filter((r) => RUN_ID_PATTERN.test(r.runId)) : all.filter((r) => runIds.includes(r.runId));
  return ok({ runs, library: all, dataDirs: library.value.dataDirs, missing });
}

/**
 * One run's log read through its source and folded as it is read into the mapping's input
 * (shared/otlp/span-input-collector.ts; undecodable rows left out, as the run view does); a
 * run with no event is `run-not-found`.
 */
export async function readRunSpanInput(sources: SourceRegistry, dataDir: string, runId: string, table: PriceTable, content: boolean): Promise<Result<RunSpanInputCollector>> {
  const format = recogniseDataDir(dataDir);
  if (format === null) return fail(diagnostic('not-a-data-dir', `${dataDir} is not a data dir`, { path: dataDir }));
  const collector = new RunSpanInputCollector(runId, table, content);
  for await (const read of sources.sourceOf({ format }).streamLog(dataDir, runId)) {
    if (read.ok) collector.add(read.event);
    else if (read.sequence === null) return fail(read.diagnostic);
  }
  return collector.count === 0 ? fail(diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path: dataDir })) : ok(collector);
}

/**
 * The run's conversation (`gen_ai.conversation.id` in the latest conventions): the key of the
 * little-harness session whose world holds it — one chat request of a `little setup` app, the
 * harness's own id for it — else the top run of its parent chain as `library` shows it, so a
 * sub-run shares its parent's conversation. Undefined when the library does not know the run
 * (`--follow`): the mapping then takes the log's parent run, else the run itself.
 */
export function conversationIdOf(dataDir: string, runId: string, library: readonly RunSummary[]): string | undefined {
  const session = harnessWorldOf(dataDir).sessionKey;
  if (session !== null) return session;
  const parents = new Map(library.map((r) => [r.runId, r.parentRunId]));
  if (!parents.has(runId)) return undefined;
  let top = runId;
  const seen = new Set([top]);
  for (let parent = parents.get(runId); parent != null && !seen.has(parent); parent = parents.get(parent)) {
    seen.add(parent);
    top = parent;
  }
  return top;
}

/** Facts outside the log: the lock owner, the outer loop, the statuses of runs it may link to, its workflow's name, its conversation. */
export function runFactsFor(sources: SourceRegistry, dataDir: string, runId: string, library: readonly RunSummary[], workflowVersionId?: string): RunSpanFacts {
  const format = recogniseDataDir(dataDir);
  const facts = format === null ? null : sources.sourceOf({ format }).readFacts(dataDir, runId);
  const subRunStatuses = Object.fromEntries(library.map((s): [string, SubRunStatus] => [s.runId, runDisplayStatus(s)]));
  const version = workflowVersionId === undefined ? null : readWorkflowVersion(dataDir, workflowVersionId);
  return {
    ...(facts?.ok ? { lockOwner: LOCK_FACT[facts.value.lock.state], ...(facts.value.pendingCycle ?? {}) } : {}),
    subRunStatuses,
    ...(version?.ok ? { workflow: { name: version.value.name, version: version.value.version } } : {}),
    conversationId: conversationIdOf(dataDir, runId, library),
  };
}

/** How spans are made: with contents or not, after which conventions. */
export type SpanMapping = { content: boolean; semconv: SemconvMode };

/** Every span of one run, from what its collector gathered. */
export function spansOf(
  sources: SourceRegistry,
  run: { dataDir: string; runId: string },
  collected: RunSpanInputCollector,
  library: readonly RunSummary[],
  mapping: SpanMapping,
): OtlpSpanData[] {
  const input = collected.input(runFactsFor(sources, run.dataDir, run.runId, library, collected.workflowVersionId));
  return runSpans(input, { content: mapping.content, semconv: mapping.semconv, sha256Hex });
}
