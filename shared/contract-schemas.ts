/**
 * Request schemas of the IPC contract: the validation half of `contract.ts`.
 *
 * Only the transports' guards import this (src-main/ipc.ts, src-main/web), so zod stays out
 * of the preload and renderer bundles.
 */
import { z } from 'zod';
import { MAX_PATH_LENGTH } from './contract';

const pathArg = z.string().min(1).max(MAX_PATH_LENGTH);
const none = z.object({}).strict();

/** Every channel's request schema; the channel list of the contract is derived from these keys. */
export const requestSchemas = {
  'app.info': none,
  'library.open': z.object({ path: pathArg }).strict(),
  'library.current': none,
  'library.refresh': none,
  'dialog.openDirectory': none,
  /** A user price table file, or null to go back to the bundled table. */
  'pricing.load': z.object({ path: pathArg.nullable() }).strict(),
} as const;
