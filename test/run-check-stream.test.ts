import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { integrityFindings } from '../shared/fold/integrity/integrity-findings';
import { isRecord } from '../shared/fold/payload-values';
import { readArtifact } from '../src-main/sources/little-workflow/artifacts';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { checkRun, readRunLog, sha256Hex } from '../src-main/sources/little-workflow/run-check';
import { EXAMPLES, manifestRows } from './support/fixture-manifest';

// The check streams the log (stored text hashed as it is); it must find exactly what the
// array-based check over the parsed events finds, for every little-workflow fixture run
// (the broken ones included: tampered ids, drift, bad payloads, missing artifacts).
const runs = manifestRows().filter((r) => r.group !== 'loopctl' && r.dataDir.endsWith('.little-workflow'));

describe('the streaming integrity check equals the array check', () => {
  it('covers the fixture runs, broken ones too', () => {
    expect(runs.length).toBeGreaterThan(20);
    expect(runs.some((r) => r.group === 'broken')).toBe(true);
  });
  for (const row of runs) {
    it(`${row.group}: ${row.shows}`, () => {
      const dir = join(EXAMPLES, row.dataDir);
      const reader = openDataDir(dir);
      if (!reader.ok) throw new Error(reader.error.message);
      try {
        const log = readRunLog(reader.value, row.runId);
        const refs = new Set<string>();
        for (const event of log.events) {
          const p = event.payload;
          if (!isRecord(p)) continue;
          for (const value of [p.artifactRef, p.outputRef, ...(Array.isArray(p.artifactRefs) ? p.artifactRefs : [])]) {
            if (typeof value === 'string' && value.startsWith('artifact://')) refs.add(value);
          }
        }
        const expected = [...log.readFailures, ...integrityFindings(log.events, { sha256Hex, runId: row.runId, undecodable: log.undecodable })];
        for (const ref of refs) {
          const read = readArtifact(dir, ref, row.runId);
          if (!read.ok) expected.push({ ...read.error, runId: row.runId, detail: { ...read.error.detail, ref } });
        }
        expect(checkRun(reader.value, row.runId)).toEqual(expected);
      } finally {
        reader.value.close();
      }
    });
  }
});
