/**
 * `little-inspector compare <runId> [--data-dir DIR] [--json] [--seed N]`: the live-vs-replay
 * consistency check (a full fold now against the observer's incremental fold, applied in
 * random batches as rows would arrive) and the resume audit. Exit 1 on a divergence or a
 * violation of the kill-and-resume invariant.
 */
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { checkConsistency, seededBatches, type ConsistencyReport } from '../../../shared/compare/consistency';
import { auditResumes, type ResumeAudit } from '../../../shared/compare/resume-audit';
import { readRunLock } from '../../library/data-dir-logs';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { listRunEvents, LittleCliError, openDataDirArg } from '../run-log';

/** Run the comparison and print it. */
export async function compareCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false, seed: true });
  if (positionals.length !== 1) throw new UsageError('Usage: little-inspector compare <run-id> [--data-dir DIR] [--json] [--seed N]');
  const runId = positionals[0];
  const seed = typeof flags.seed === 'string' ? Number(flags.seed) : 1;
  if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed must be an integer, got "${String(flags.seed)}"`);
  const reader = openDataDirArg(flags['data-dir'] as string | undefined);
  let consistency: ConsistencyReport;
  let audit: ResumeAudit;
  let lock: string;
  try {
    const events = listRunEvents(reader, runId);
    if (events.length === 0) throw new LittleCliError('RunNotFoundError', `Run not found: ${runId}`);
    const batches = seededBatches(events.length, seed);
    consistency = checkConsistency(runId, events, { batches, fold: { priceTable: BUNDLED_PRICE_TABLE } });
    audit = auditResumes(runId, events);
    const read = readRunLock(reader.path, runId);
    lock = read.ok ? read.value.state : 'unknown';
  } finally {
    reader.close();
  }
  const failed = !consistency.equal || !audit.ok;
  if (flags.json === true) {
    io.stdout(`${JSON.stringify({ runId, seed, lock, ok: !failed, consistency, audit })}\n`);
  } else {
    io.stdout(formatCompare(consistency, audit, seed, lock));
  }
  return failed ? 1 : 0;
}

/** The human report. */
export function formatCompare(consistency: ConsistencyReport, audit: ResumeAudit, seed: number, lock: string): string {
  const lines: string[] = [`run ${consistency.runId}: ${consistency.events} events, lock ${lock}`];
  if (consistency.equal) {
    lines.push(`consistency: EQUAL — incremental fold in ${consistency.batches} random batches (seed ${seed}) = full fold (state and harness view)`);
  } else {
    lines.push(`consistency: DIVERGENT — incremental fold in ${consistency.batches} batches (seed ${seed}) differs from the full fold`);
    for (const error of consistency.errors) lines.push(`  ${error.side} fold threw ${error.message}`);
    if (consistency.firstDivergent) {
      const at = consistency.firstDivergent;
      lines.push(`  first divergent event: #${at.sequence} ${at.type} (${at.eventId})`);
    }
    for (const difference of consistency.differences.slice(0, 20)) {
      lines.push(`  ${difference.path} (${difference.kind}): incremental ${short(difference.left)} vs full ${short(difference.right)}`);
    }
  }
  lines.push(`resume audit: ${audit.boundaries.length} resume(s), ${audit.violations} violation(s), ${audit.expected} expected item(s)`);
  for (const boundary of audit.boundaries) {
    const gap = boundary.gapMs === null ? '' : `, ${Math.round(boundary.gapMs / 1000)} s down`;
    lines.push(`  crash after #${boundary.boundarySequence}, resumed at #${boundary.resumedAtSequence} (${boundary.why.join('+')}${gap})`);
    if (boundary.plan) {
      const plan = boundary.plan;
      lines.push(`    plan: skip ${plan.stepsSkipped.length} step(s), resume ${plan.stepsResumed.map((s) => s.stepPath).join(', ') || 'none'}, re-invoke ${plan.modelCallsReinvoked.length} model / ${plan.toolCallsReinvoked.length} tool call(s)`);
    } else if (boundary.planError) lines.push(`    plan: cannot fold the prefix (${boundary.planError})`);
    for (const item of boundary.items) lines.push(`    ${item.status === 'violation' ? 'VIOLATION' : 'expected '} #${item.sequence} ${item.kind}: ${item.message}`);
  }
  return `${lines.join('\n')}\n`;
}

function short(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
