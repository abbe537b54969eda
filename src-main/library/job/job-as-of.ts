/**
 * Time travel of a job: the root folded as of its event #at ("if it had died here", as the run
 * view's time travel), and every other member as of its last event recorded by the time the
 * root's #at was (members started later are left out: they did not exist yet). A Local World's
 * runs share one clock (their events are appended to one events.db), so recorded times order
 * them. Each member's status, crash and resume plan then come from its own as-of fold.
 */
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import { buildJob, type JobMember, type JobMembers, type MemberFacts } from '../../../shared/job/job-tree';
import type { Job } from '../../../shared/job/job-types';
import type { RunSummary } from '../../../shared/library';
import type { RunDetail } from '../../../shared/run/run-detail-types';
import { openDataDir } from '../../sources/little-workflow/data-dir-reader';
import type { DataDirReader } from '../../sources/little-workflow/store-types';
import { readMember, type LoadJobOptions } from './read-member';

/** The job of root `found.root` as of the root's event `at`. */
export function loadJobAsOf(path: string, found: JobMembers, runs: RunSummary[], options: LoadJobOptions, at: number): Result<Job> {
  const [root, ...others] = found.members;
  const rootRead = readMember(path, root.summary, runs, options, at);
  if (rootRead.detail === null) return fail(diagnostic('run-not-found', `Run not found: ${root.summary.runId} (${rootRead.facts.reportError ?? 'unreadable'})`, { runId: root.summary.runId, path }));
  const sequence = rootRead.detail.lastSequence;
  const cutoff = rootRead.detail.lastRecordedAt;
  const reader = openDataDir(path);
  if (!reader.ok) return reader;
  const members: JobMember[] = [{ summary: asOfSummary(root.summary, rootRead.detail), depth: 0 }];
  const facts = new Map<string, MemberFacts>([[root.summary.runId, rootRead.facts]]);
  try {
    for (const member of others) {
      const upto = cutoff === null ? null : lastSequenceBy(reader.value, member.summary, cutoff);
      if (upto === null) continue;
      const read = readMember(path, member.summary, runs, options, upto);
      members.push({ summary: read.detail === null ? member.summary : asOfSummary(member.summary, read.detail), depth: member.depth });
      facts.set(member.summary.runId, read.facts);
    }
  } finally {
    reader.value.close();
  }
  const job = buildJob(path, { ...found, members }, facts);
  return ok({ ...job, asOf: { sequence, recordedAt: cutoff } });
}

/**
 * The run's row as its as-of fold sees it: unfinished work as of the cut is a crash (the writer "died here").
 * A run whole by then keeps its row (a harness-only log, like a planner's, has no run state to fold).
 */
function asOfSummary(summary: RunSummary, detail: RunDetail): RunSummary {
  if (detail.lastSequence >= (summary.lastSequence ?? summary.eventCount)) return summary;
  const crashed = detail.boundary?.verdict.kind === 'crashed';
  return { ...summary, status: detail.state.status, crashed, finishedAt: detail.state.finishedAt ?? null, eventCount: detail.state.eventCount, lastSequence: detail.lastSequence };
}

/** The run's last sequence recorded at or before `cutoff` (ISO times compare as text), null when none was. */
function lastSequenceBy(reader: DataDirReader, summary: RunSummary, cutoff: string): number | null {
  if (summary.startedAt !== null && summary.startedAt > cutoff) return null;
  const last = summary.lastSequence ?? summary.eventCount;
  const keys = last > 0 ? reader.readEventKeys(summary.runId, 0, last) : null;
  if (keys === null) return null;
  let found: number | null = null;
  for (const line of keys.split('\n')) {
    const [sequence, , recordedAt] = line.split('|');
    if (recordedAt !== undefined && recordedAt <= cutoff) found = Number(sequence);
  }
  return found;
}
