/**
 * A deep link's head, asked before the app runs. The page's first script (../early-run.ts)
 * names the run (`run.prepare`, which answers its ref at once and starts the build), then asks
 * its head (`run.detail`); the run store takes that answer for its first load of the same run
 * and position instead of asking again (stores/run-store.ts, which also checks that the run
 * has not grown since). On a fresh page the app asks ~0.5-0.8 s after the first script runs:
 * a cached run's head is there by then, and a cold run's build is the one already running.
 */
import type { InspectorApi, RequestOf } from '../../shared/contract';
import type { Result } from '../../shared/diagnostics';
import type { RunRef } from '../../shared/run/run-detail-types';
import type { RunHead } from '../../shared/run/run-head-types';
import { requestOf, samePosition } from '../../shared/run/run-position';

/** The head asked early, and for which run and position. */
export type EarlyHead = { ref: RunRef; head: Promise<Result<RunHead>> };

/**
 * Where the early head waits for the app (the page's window: the two scripts are separate
 * entries); 'taken' once the app's first load looked, so a head answered later is never used
 * by a later load (it could be long stale by then: another price table, say).
 */
export type EarlyHost = { __liEarlyHead?: EarlyHead | 'taken' };

const pageHost = (): EarlyHost => (typeof window === 'undefined' ? {} : (window as unknown as EarlyHost));

/** Name the run to the server, then ask its head; resolves once both are sent (or the run is unknown). */
export async function startEarlyHead(api: InspectorApi, address: RequestOf<'run.prepare'>, host: EarlyHost = pageHost()): Promise<void> {
  const prepared = await api['run.prepare'](address);
  if (!prepared.ok || prepared.value === null) return;
  const ref = prepared.value;
  if (host.__liEarlyHead === 'taken') return;
  host.__liEarlyHead = { ref, head: api['run.detail'](requestOf(ref)) };
}

/** The early head of `ref` (same run, same position) for the app's first load; null when none was asked (then, or ever after). */
export function takeEarlyHead(ref: RunRef, host: EarlyHost = pageHost()): Promise<Result<RunHead>> | null {
  const early = host.__liEarlyHead;
  host.__liEarlyHead = 'taken';
  return early === undefined || early === 'taken' || !samePosition(early.ref, ref) ? null : early.head;
}
