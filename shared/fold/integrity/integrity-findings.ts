/**
 * All integrity findings of one run's log, as typed diagnostics, one row at a time
 * (`IntegrityCheck`: a check keeps only what its findings need, never the events). It never
 * throws: a check that breaks on some unforeseen input becomes an `internal` diagnostic and
 * the others still run. Artifact findings (`artifact-missing`, `artifact-hash-mismatch`,
 * `artifact-wrong-run`, `artifact-corrupt`) need the disk, so the store produces them.
 */
import { diagnostic, type Diagnostic } from '../../diagnostics';
import type { EventEnvelope } from '../../events/envelope';
import { BranchFactCheck } from './branch-facts';
import { eventIdOfStoredText, type Sha256Hex } from './digest';
import { eventIdFinding } from './event-id-check';
import { isKnownEventType } from './known-event-types';
import { ManifestCheck } from './manifest-checks';
import { runIdFinding, sequenceFindings } from './sequence-checks';

/** A row the store could not decode (its payload did not parse), with its diagnostic. */
export type UndecodableRow = { sequence: number; diagnostic: Diagnostic };

/** Inputs the checks cannot get from the events themselves. */
export type IntegrityOptions = {
  /** Hex sha256 of a UTF-8 string; main passes node:crypto's. */
  sha256Hex: Sha256Hex;
  /** The run being checked; defaults to the first event's runId. */
  runId?: string;
  /** Rows of the run that could not be decoded; they still hold their sequence. */
  undecodable?: readonly UndecodableRow[];
};

const MAX_LISTED = 50;

/** The checks, in the order their findings are listed within one sequence. */
const CHECKS = ['sequences', 'run ids', 'event ids', 'undecodable rows', 'event types', 'parallel branches', 'harness hashes'] as const;
type CheckName = (typeof CHECKS)[number];

/** Every integrity finding of the run, ordered by sequence. */
export function integrityFindings(events: readonly EventEnvelope[], options: IntegrityOptions): Diagnostic[] {
  const check = new IntegrityCheck(options.sha256Hex, options.runId ?? events[0]?.runId);
  for (const event of events) check.add(event);
  for (const row of options.undecodable ?? []) check.addUndecodable(row);
  return check.findings();
}

/**
 * The integrity checks of one run fed row by row, in any order (the store reads them in
 * sequence order). What is kept: every row's sequence (a number), the findings, and the small
 * maps the branch and manifest checks compare against; never an event.
 */
export class IntegrityCheck {
  private sequences = new Float64Array(1024);
  private count = 0;
  private readonly found = new Map<CheckName, Diagnostic[]>(CHECKS.map((name) => [name, []]));
  private readonly failed = new Map<CheckName, Diagnostic>();
  private readonly types = new Map<string, { count: number; sequences: number[] }>();
  // Made at the first event, when the run id their findings carry is known.
  private branches: BranchFactCheck | null = null;
  private manifests: ManifestCheck | null = null;

  /** `runId`: the run being checked (undefined: the first event's). */
  constructor(
    private readonly sha256Hex: Sha256Hex,
    private runId: string | undefined,
  ) {}

  /**
   * The next decoded row. `payloadText`, the payload as stored, lets the hash checks hash it as
   * it is instead of re-serialising the parsed payload: when the text gives the stored eventId
   * (`eventIdOfStoredText`) it is canonical JSON, so its members' texts are too.
   */
  add(event: EventEnvelope, payloadText?: string): void {
    this.runId ??= event.runId;
    const runId = this.runId;
    this.noteSequence(event.sequence);
    const canonical = payloadText !== undefined && eventIdOfStoredText(event, payloadText, this.sha256Hex) === event.eventId ? payloadText : undefined;
    if (runId !== undefined) this.guard('run ids', (out) => push(out, runIdFinding(event, runId)));
    if (canonical === undefined) this.guard('event ids', (out) => push(out, eventIdFinding(event, this.sha256Hex, runId)));
    this.guard('event types', () => this.noteType(event));
    this.branches ??= new BranchFactCheck(runId);
    this.manifests ??= new ManifestCheck(this.sha256Hex, runId);
    const { branches, manifests } = this;
    this.guard('parallel branches', () => branches.add(event));
    this.guard('harness hashes', (out) => manifests.add(event, out, canonical));
  }

  /** A row whose payload could not be decoded: it still holds its sequence. */
  addUndecodable(row: UndecodableRow): void {
    this.noteSequence(row.sequence);
    const runId = this.runId;
    this.guard('undecodable rows', (out) => out.push({ ...row.diagnostic, sequence: row.diagnostic.sequence ?? row.sequence, runId: row.diagnostic.runId ?? runId }));
  }

  /** Every finding so far, ordered by sequence (run-wide findings first; checks in their order within a sequence). */
  findings(): Diagnostic[] {
    const runId = this.runId;
    // The checks that judge the whole log answer now (without changing what was found so far).
    const atEnd: Partial<Record<CheckName, () => Iterable<Diagnostic>>> = {
      sequences: () => sequenceFindings(this.sequences.subarray(0, this.count), runId),
      'event types': () =>
        [...this.types].map(([type, { count, sequences }]) =>
          diagnostic('unknown-event-type', `event type '${type}' is not one little-workflow writes (${count} event(s), kept)`, {
            runId, sequence: sequences[0], severity: 'warning', detail: { type, count, sequences: [...sequences] },
          }),
        ),
      'parallel branches': () => this.branches?.findings() ?? [],
    };
    const findings: Diagnostic[] = [];
    for (const name of CHECKS) {
      let failure = this.failed.get(name);
      const before = findings.length;
      // A loop, not push(...spread): a 200k-finding check would overflow the argument limit.
      if (failure === undefined) for (const finding of this.found.get(name)!) findings.push(finding);
      const late = atEnd[name];
      if (failure === undefined && late !== undefined) {
        try {
          for (const finding of late()) findings.push(finding);
        } catch (error) {
          failure = internalFailure(name, error, runId);
        }
      }
      if (failure !== undefined) {
        findings.length = before;
        findings.push(failure);
      }
    }
    // Stable sort: checks keep their order within one sequence; run-wide findings come first.
    return findings
      .map((finding, index) => ({ finding, index }))
      .sort((a, b) => (a.finding.sequence ?? 0) - (b.finding.sequence ?? 0) || a.index - b.index)
      .map(({ finding }) => finding);
  }

  // A check that throws once is reported once and stops: its other findings would be partial.
  private guard(name: CheckName, step: (out: Diagnostic[]) => void): void {
    if (this.failed.has(name)) return;
    try {
      step(this.found.get(name)!);
    } catch (error) {
      this.failed.set(name, internalFailure(name, error, this.runId));
    }
  }

  private noteSequence(sequence: number): void {
    if (this.count === this.sequences.length) {
      const grown = new Float64Array(this.sequences.length * 2);
      grown.set(this.sequences);
      this.sequences = grown;
    }
    this.sequences[this.count++] = sequence;
  }

  // One warning per unknown type: the events stay in the log and the views, only flagged.
  private noteType(event: EventEnvelope): void {
    if (isKnownEventType(event.type)) return;
    const seen = this.types.get(event.type);
    if (seen === undefined) this.types.set(event.type, { count: 1, sequences: [event.sequence] });
    else {
      seen.count += 1;
      if (seen.sequences.length < MAX_LISTED) seen.sequences.push(event.sequence);
    }
  }
}

function internalFailure(name: CheckName, error: unknown, runId: string | undefined): Diagnostic {
  return diagnostic('internal', `integrity check ${name} failed: ${error instanceof Error ? error.message : String(error)}`, { runId });
}

function push(out: Diagnostic[], finding: Diagnostic | null): void {
  if (finding !== null) out.push(finding);
}
