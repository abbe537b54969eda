/**
 * `run.scan` answers when each finding's first event was recorded (`firstAt`, the timeline's
 * finding marks): the recordedAt of exactly that event, one per finding, null only for a finding
 * that names no event; and `library.scan` counts what the card lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectorCore } from '../src-main/core/inspector-core';
import { openedCore, unwrap } from './support/opened-core';
import { EXAMPLES, fixtureRun } from './support/fixture-manifest';
import { hashTree } from './support/store-test-fixtures';

const loop = fixtureRun('failed max_visits_exceeded');
const ref = { dataDir: loop.dir, runId: loop.runId };
let core: InspectorCore;
let before: Record<string, string>;

beforeAll(async () => {
  before = hashTree(loop.dir);
  core = await openedCore(EXAMPLES, { live: false });
}, 60_000);
afterAll(() => core.close());

describe('run.scan for the timeline marks', () => {
  it('gives each finding the time of its first event', async () => {
    const scan = unwrap(await core.handlers['run.scan'](ref));
    expect(scan.firstAt).toHaveLength(scan.findings.length);
    const visits = scan.findings.findIndex((f) => f.kind === 'max-visits-exceeded');
    expect(visits).toBeGreaterThanOrEqual(0);
    const first = scan.findings[visits].sequences[0];
    const event = unwrap(await core.handlers['run.event']({ ...ref, sequence: first })).event!;
    expect(scan.firstAt[visits]).toBe(event.recordedAt);
    scan.findings.forEach((f, i) => expect(scan.firstAt[i] === null).toBe(f.sequences.length === 0));
    expect(hashTree(loop.dir)).toEqual(before);
  });

  it('counts in library.scan what run.scan lists', async () => {
    const scan = unwrap(await core.handlers['run.scan'](ref));
    const library = unwrap(await core.handlers['library.scan']({}));
    const row = library.runs.find((r) => r.runId === loop.runId && r.dataDir === loop.dir)!;
    expect(row.counts.error).toBe(scan.findings.filter((f) => f.severity === 'error').length);
    expect(row.counts.kinds).toContain('max-visits-exceeded');
  });

  it('scans the run as of #N in time travel: only findings whose events are all at or before N', async () => {
    const now = unwrap(await core.handlers['run.scan'](ref));
    const visits = now.findings.find((f) => f.kind === 'max-visits-exceeded')!;
    const last = Math.max(...visits.sequences);
    // Before the event that shows the finding, it is not there; from it on, it is, with the same events.
    const before = unwrap(await core.handlers['run.scan']({ ...ref, at: last - 1 }));
    expect(before.findings.some((f) => f.kind === 'max-visits-exceeded')).toBe(false);
    for (const finding of before.findings) for (const seq of finding.sequences) expect(seq).toBeLessThanOrEqual(last - 1);
    const at = unwrap(await core.handlers['run.scan']({ ...ref, at: last }));
    expect(at.findings.find((f) => f.kind === 'max-visits-exceeded')?.sequences).toEqual(visits.sequences);
    // An address past the log's end is the whole run, as the head clamps it.
    expect(unwrap(await core.handlers['run.scan']({ ...ref, at: 99_999 })).findings).toEqual(now.findings);
  });
});
