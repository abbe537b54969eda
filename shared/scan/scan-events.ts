/**
 * A run's scan over events already in memory (tests, a shared bundle's own data): the same
 * RunScan as the streamed scan, with the resume audit run on the array when the scan asks.
 */
import { auditResumes } from '../compare/resume-audit';
import type { EventEnvelope } from '../events/envelope';
import { RunScan, type RunScanOptions } from './run-scan';
import type { RunScanResult } from './scan-types';

export function scanEvents(runId: string, events: readonly EventEnvelope[], options: RunScanOptions): RunScanResult {
  const scan = new RunScan(runId, options);
  for (const event of events) scan.add(event);
  return scan.result(scan.needsResumeAudit ? auditResumes(runId, events) : null);
}
