/**
 * What goes in a bundle, decided from a run read whole (bundle-sources.ts): local paths replaced
 * by the data dir's label, secrets redacted when asked (everything embedded goes through the one
 * redactor), payload texts within the size budget (smallest first; what is left out is counted),
 * then the three blocks the page reads (shared/bundle/bundle-types.ts).
 */
import { chooseWithinBudget, type BudgetItem } from '../../../shared/bundle/bundle-budget';
import {
  BUNDLE_FORMAT,
  type BundleArtifact,
  type BundleModel,
  type BundleRow,
} from '../../../shared/bundle/bundle-types';
import type { DataDirInfo, LibrarySnapshot, RunSummary } from '../../../shared/library';
import type { Note } from '../../../shared/notes/note-types';
import { MAX_DEPTH, redactionSummary } from '../../../shared/redact/create-redactor';
import { dropCutTokens } from '../../../shared/redact/cut-token';
import type { Redactor } from '../../../shared/redact/redaction-types';
import type { RunReadForBundle } from './bundle-sources';

/** How to build. */
export type BundleOptions = {
  /** Most UTF-8 bytes of payload text (event payloads and artifact contents) to embed. */
  budgetBytes: number;
  /** One redaction pass over everything embedded (null: not redacted). */
  redactor: Redactor | null;
  notes: Note[] | null;
  createdAt: string;
  inspectorVersion: string;
};

/** The page's three blocks, uncompressed. */
export type BundleBlocks = { model: BundleModel; rows: BundleRow[]; bodies: Buffer };

/** Where the run came from: its data dir and row in the library that read it. */
export type BundleOrigin = { dir: DataDirInfo; summary: RunSummary; snapshot: Pick<LibrarySnapshot, 'pricing'> };

/** Build the blocks of run `read` from `origin`. */
export function buildBundleBlocks(read: RunReadForBundle, origin: BundleOrigin, options: BundleOptions): BundleBlocks {
  const local = localPaths(origin.dir);
  const redactText = (text: string, where: string): string => (options.redactor ? redactJsonText(options.redactor, text, where) : text);
  // Local paths are relabelled first: a secret in a folder name would otherwise hide the path from
  // the relabelling (the sender's home folder would travel), and the label is then redacted like any value.
  const redactValue = <T>(value: T, where: string): T =>
    options.redactor ? (redactCutTexts(options.redactor.json(dropCutTokens(value, MAX_DEPTH), where), (text) => redactText(text, where)) as T) : value;
  const redact = <T>(value: T, where: string): T => redactValue(relocate(value, local), where);

  // Payload texts, redacted as values (a JSON payload stays JSON), then measured; they are the log's
  // own values, never relocated (a 10,000-level value parses but does not stringify).
  // Without redaction a payload's text is embedded as stored (never re-encoded).
  const texts = options.redactor ? read.payloads.map(({ sequence, text }) => ({ sequence, text: redactPayload(text, `event #${sequence} payload`, redactValue, redactText) })) : read.payloads;
  const artifactsIn = read.artifacts.map(({ ref, read: result }) =>
    result.ok
      ? { ref, manifest: redact(result.value.manifest, `artifact ${ref} manifest`), payload: redact(result.value.payload, `artifact ${ref} content`) }
      : { ref, error: redact(result.error, `artifact ${ref} read error`) },
  );
  const items: BudgetItem<string>[] = [
    ...texts.map((t) => ({ key: `e${t.sequence}`, bytes: Buffer.byteLength(t.text) })),
    ...artifactsIn.flatMap((a) => ('payload' in a ? [{ key: `a${a.ref}`, bytes: Buffer.byteLength(JSON.stringify(a.payload)) }] : [])),
  ];
  const choice = chooseWithinBudget(items, options.budgetBytes);
  const sizeOf = new Map(items.map((i) => [i.key, i.bytes]));

  const { bodies, offsets } = packBodies(texts.filter((t) => choice.kept.has(`e${t.sequence}`)));
  // A row whose payload the log did not give is not a budget cut: it says so.
  const streamed = new Set(read.payloads.map((p) => p.sequence));
  const rows: BundleRow[] = redact(read.rows, 'events list').map((row) => {
    const body = offsets.get(row.sequence);
    return body ? { ...row, body } : streamed.has(row.sequence) ? row : { ...row, unread: true };
  });
  const artifacts: BundleArtifact[] = artifactsIn.map((a): BundleArtifact => ('error' in a ? a : choice.kept.has(`a${a.ref}`) ? a : { ref: a.ref, manifest: a.manifest, omittedBytes: sizeOf.get(`a${a.ref}`) ?? 0 }));
  const omittedArtifacts = artifacts.filter((a) => 'omittedBytes' in a) as Array<{ omittedBytes: number }>;
  const omittedEvents = texts.filter((t) => !choice.kept.has(`e${t.sequence}`));
  const omittedEventBytes = omittedEvents.reduce((n, t) => n + (sizeOf.get(`e${t.sequence}`) ?? 0), 0);

  const detail = redactDetail(read.detail, redact);
  const summary = redact(origin.summary, 'run summary');
  // The data dir's folder names are file names like any other: redacted where they occur.
  const dataDir = redact({ ...origin.dir, path: local.label, label: local.label, runCount: 1, diagnostics: [] }, 'data dir');
  const snapshot: LibrarySnapshot = {
    root: redact(local.label, 'data dir'),
    dataDirs: [dataDir],
    runs: [summary],
    diagnostics: [],
    pricing: redact(origin.snapshot.pricing, 'price table'),
  };
  const model: BundleModel = {
    format: BUNDLE_FORMAT,
    info: {
      createdAt: options.createdAt,
      inspectorVersion: options.inspectorVersion,
      runId: redact(read.detail.ref.runId, 'run id'),
      eventCount: read.rows.length,
      omissions: {
        budgetBytes: options.budgetBytes,
        keptBytes: choice.keptBytes,
        eventBodies: { count: omittedEvents.length, bytes: omittedEventBytes, smallestBytes: smallest(omittedEvents.map((t) => sizeOf.get(`e${t.sequence}`) ?? 0)) },
        artifacts: { count: omittedArtifacts.length, bytes: omittedArtifacts.reduce((n, a) => n + a.omittedBytes, 0) },
      },
      redaction: null,
      notes: options.notes ? redact(options.notes, 'notes') : null,
      readErrors: redact(read.readErrors, 'read errors'),
    },
    snapshot,
    detail,
    costs: redact(read.costs, 'run model: costs'),
    reportText: read.reportText === null ? null : redactText(read.reportText, 'report table'),
    artifacts,
  };
  // Last: the findings of every redaction above.
  if (options.redactor) model.info.redaction = redactionSummary(options.redactor);
  return { model, rows, bodies };
}

/** The least of `sizes` (a loop: a spread of 200,000 arguments overflows the stack). */
function smallest(sizes: number[]): number | null {
  let least: number | null = null;
  for (const size of sizes) if (least === null || size < least) least = size;
  return least;
}

/** The run model redacted section by section, so the findings say which part held the value. */
function redactDetail<T extends Record<string, unknown>>(detail: T, redact: <V>(value: V, where: string) => V): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(detail)) out[key] = redact(value, `run model: ${key}`);
  return out as T;
}

function redactPayload(text: string, where: string, redact: <V>(value: V, where: string) => V, redactText: (s: string, w: string) => string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON (an undecodable row): redacted as text, kept as text.
    return redactText(text, where);
  }
  return JSON.stringify(redact(value, where)) ?? 'null';
}

/**
 * JSON text writes a newline as the two characters `\` `n`: a secret right after one has a letter
 * before it where the rules look for a word boundary. Each such escape's letter becomes the control
 * character it stands for (same length; JSON text never holds a raw one), the text is redacted,
 * and the letters come back.
 */
function redactJsonText(redactor: Redactor, text: string, where: string): string {
  const opened = text.replace(/\\([nrt])/g, (_m, c: string) => `\\${OPEN[c as keyof typeof OPEN]}`);
  return redactor.text(opened, where).replace(/\\([\n\r\t])/g, (_m, c: string) => `\\${CLOSE[c as keyof typeof CLOSE]}`);
}
const OPEN = { n: '\n', r: '\r', t: '\t' } as const;
const CLOSE = { '\n': 'n', '\r': 'r', '\t': 't' } as const;

/**
 * Previews cut short (`{ truncated: true, text }`) hold JSON text that no longer parses, so the
 * redactor's JSON walk sees them as plain strings: they get the JSON-text pass above as well.
 * Works in place on the redactor's copy.
 */
function redactCutTexts(value: unknown, redactText: (text: string) => string): unknown {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = redactCutTexts(value[i], redactText);
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (record.truncated === true && typeof record.text === 'string') record.text = redactText(record.text);
  for (const key of Object.keys(record)) if (typeof record[key] === 'object') record[key] = redactCutTexts(record[key], redactText);
  return record;
}

/** Concatenate texts as UTF-8; each sequence's byte range. */
function packBodies(texts: ReadonlyArray<{ sequence: number; text: string }>): { bodies: Buffer; offsets: Map<number, { offset: number; length: number }> } {
  const buffers: Buffer[] = [];
  const offsets = new Map<number, { offset: number; length: number }>();
  let offset = 0;
  for (const { sequence, text } of texts) {
    const bytes = Buffer.from(text, 'utf8');
    buffers.push(bytes);
    offsets.set(sequence, { offset, length: bytes.length });
    offset += bytes.length;
  }
  return { bodies: Buffer.concat(buffers, offset), offsets };
}

/** The sender's absolute paths (data dir) and the label the bundle shows instead. */
type LocalPaths = { path: string; label: string };

function localPaths(dir: DataDirInfo): LocalPaths {
  // The opened root means nothing on the receiver's machine: the data dir's own folder names are enough.
  const parts = dir.path.split(/[\\/]/).filter(Boolean);
  return { path: dir.path, label: parts.slice(-2).join('/') || dir.label };
}

/**
 * `value` with every string that is the data dir's absolute path, or starts with it, relabelled.
 * Done on the JSON text (one pass, no recursion of ours: a value may be 1,000 levels deep): the
 * path right after a quote and before a quote or a separator.
 */
export function relocate<T>(value: T, local: LocalPaths): T {
  const text = JSON.stringify(value);
  const from = JSON.stringify(local.path).slice(1, -1);
  if (text === undefined || !text.includes(from)) return value;
  const pattern = new RegExp(`"${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=["/]|\\\\)`, 'g');
  return JSON.parse(text.replace(pattern, () => `"${JSON.stringify(local.label).slice(1, -1)}`)) as T;
}
