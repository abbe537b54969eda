/**
 * Request schemas of the IPC contract: the validation half of `contract.ts`.
 *
 * Only the transports' guards import this (src-main/electron/ipc.ts, src-main/web), so zod stays out
 * of the preload and renderer bundles.
 */
import { z } from 'zod';
import { MAX_PATH_LENGTH } from './contract';
import { MAX_TEXT_LIMIT } from './report-export/run-export-types';

const pathArg = z.string().min(1).max(MAX_PATH_LENGTH);
const none = z.object({}).strict();
const runRef = { dataDir: pathArg, runId: z.string().min(1).max(200) };
const sequence = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const window = { from: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), count: z.number().int().min(1).max(1000) };
const stepPath = z.string().min(1).max(2000);
const eventFilter = z.object({ typePrefix: z.string().max(200).optional(), caller: z.string().max(200).optional(), stepPath: z.string().max(2000).optional() }).strict();
const harnessSelection = { kind: z.enum(['session', 'turn', 'tool']), id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) };

/** A window of one of the run's long lists (see shared/run/run-head-types.ts). */
const sliceSpec = z.discriminatedUnion('section', [
  z.object({ section: z.literal('steps'), ...window, query: z.string().max(2000).optional(), find: stepPath.optional() }).strict(),
  z
    .object({
      section: z.literal('timeline'),
      ...window,
      fold: z.object({ allCollapsed: z.boolean(), ids: z.array(z.string().min(1).max(2000)).max(10_000) }).strict(),
      find: stepPath.optional(),
    })
    .strict(),
  z.object({ section: z.literal('turns'), ...window, find: z.object(harnessSelection).strict().optional() }).strict(),
  z.object({ section: z.literal('report'), ...window }).strict(),
  z.object({ section: z.literal('skipped'), ...window }).strict(),
  z.object({ section: z.literal('events'), ...window, filter: eventFilter.optional(), find: sequence.optional() }).strict(),
]);

/** Every channel's request schema; the channel list of the contract is derived from these keys. */
export const requestSchemas = {
  'app.info': none,
  'library.open': z.object({ path: pathArg }).strict(),
  'library.current': none,
  'library.refresh': none,
  'dialog.openDirectory': none,
  'dialog.exportReport': none,
  /** A user price table file, or null to go back to the bundled table. */
  'pricing.load': z.object({ path: pathArg.nullable() }).strict(),
  'run.detail': z.object(runRef).strict(),
  'run.slice': z.object({ ...runRef, spec: sliceSpec }).strict(),
  'run.step': z.object({ ...runRef, stepPath }).strict(),
  'run.harness': z.object({ ...runRef, ...harnessSelection }).strict(),
  'run.costs': z.object(runRef).strict(),
  'run.reportText': z.object(runRef).strict(),
  'run.findings': z.object(runRef).strict(),
  'run.event': z.object({ ...runRef, sequence }).strict(),
  'run.artifact': z.object({ ...runRef, ref: z.string().min(1).max(200) }).strict(),
  /** Export one run as a report; `maxText` caps each untrusted text (default 2,000). */
  'run.export': z
    .object({ ...runRef, format: z.enum(['html', 'md', 'json', 'pdf']), maxText: z.number().int().min(1).max(MAX_TEXT_LIMIT).optional() })
    .strict(),
  /** Compare a fresh fold from disk with the live (incremental) fold, and audit the run's resumes. */
  'run.compare': z.object(runRef).strict(),
} as const;
