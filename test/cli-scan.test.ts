/** `little-inspector scan`: the JSON shape the issue asks for, exit codes, the settings file and its errors. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataDir } from '../scripts/fixtures/writer/data-dir';
import { EventStoreWriter } from '../scripts/fixtures/writer/event-store';
import { SCAN_FINDING_KINDS } from '../shared/scan/scan-types';
import { hashTree } from './support/hash-tree';
import { EXAMPLES, fixtureRun } from './support/fixture-manifest';
import { cli } from './support/run-cli-captured';
import { ScanLog } from './support/scan-log';

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'li-scan-cli-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// An empty state folder: no scan.json of the machine's user changes the result.
const stateDir = () => ['--state-dir', scratch];

describe('scan', () => {
  it('prints exactly { findings: [...] } with every field of every finding, and exits 1 above info', async () => {
    const run = fixtureRun('failed max_visits_exceeded');
    const result = await cli('scan', run.runId, '--data-dir', run.dir, '--json', ...stateDir());
    expect(result.code).toBe(1);
    const parsed = JSON.parse(result.stdout) as { findings: Array<Record<string, unknown>> };
    expect(Object.keys(parsed)).toEqual(['findings']);
    expect(parsed.findings.length).toBeGreaterThan(0);
    for (const f of parsed.findings) {
      expect(Object.keys(f).sort()).toEqual(['costUsd', 'hint', 'kind', 'message', 'runId', 'sequences', 'severity', 'stepPath'].sort());
      expect(SCAN_FINDING_KINDS).toContain(f.kind);
      expect(['info', 'warning', 'error']).toContain(f.severity);
      expect(f.runId).toBe(run.runId);
    }
    expect(parsed.findings[0]).toMatchObject({ kind: 'max-visits-exceeded', severity: 'error', stepPath: 'draft.visit[3]' });
  });

  it('exits 0 on a healthy run and says so in text', async () => {
    const run = fixtureRun('retry: fetch attempt_1');
    const result = await cli('scan', run.runId, '--data-dir', run.dir, ...stateDir());
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/^(warning|error) /m);
  });

  it('scans every run under a root and adds the fleet\'s cross-run findings', async () => {
    const result = await cli('scan', '--data-dir', EXAMPLES, '--json', ...stateDir());
    const { findings } = JSON.parse(result.stdout) as { findings: Array<{ kind: string; runId: string }> };
    expect(findings.filter((f) => f.kind === 'failure-across-runs').map((f) => f.runId)).toContain(fixtureRun('failed step_failed: tool.call fails terminally').runId);
  });

  it('refuses a bad run id, an unknown run and a bad settings file with typed messages', async () => {
    const dir = fixtureRun('retry: fetch attempt_1').dir;
    expect((await cli('scan', '../x', '--data-dir', dir)).stderr).toContain('WorldPathError');
    const missing = await cli('scan', 'run_nope', '--data-dir', dir, ...stateDir());
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.stderr).toContain('RunNotFoundError: Run not found: run_nope');
    const bad = join(scratch, 'bad.json');
    writeFileSync(bad, JSON.stringify({ pollingTool: ['x'] }));
    const refused = await cli('scan', '--data-dir', dir, '--settings', bad);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('invalid-scan-settings');
    expect(refused.stderr).toContain('unknown setting "pollingTool"');
    expect((await cli('scan', '--data-dir', dir, '--settings', join(scratch, 'none.json'))).code).toBe(2);
  });

  it('reads scan.json from the state folder when no --settings is given', async () => {
    const state = mkdtempSync(join(tmpdir(), 'li-scan-state-'));
    try {
      writeFileSync(join(state, 'scan.json'), '{"pollingTools": 3}');
      const result = await cli('scan', '--data-dir', fixtureRun('retry: fetch attempt_1').dir, '--state-dir', state);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('pollingTools must be a list');
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  });
});

describe('scan with a settings file of polling tools', () => {
  it('leaves a polled tool out and still finds the same repeat of another tool, with its exact events', async () => {
    // A generated data dir: one agent session that polls job_status five times in a row, then reads one file three times.
    const dir = join(scratch, 'polling', '.little-workflow');
    createDataDir(dir);
    const log = new ScanLog('run_scan_polling');
    const where = { stepPath: 'agent' };
    log.runStarted();
    log.attempt('agent');
    log.session(where);
    for (let i = 0; i < 5; i += 1) log.tool(where, 'job_status', { id: 7 }, { caller: 'code' });
    const reads = [1, 2, 3].map(() => log.tool(where, 'read_file', { path: 'a.txt' }, { caller: 'code' })[0]);
    log.sessionCompleted(where);
    log.stepCompleted('agent');
    const store = new EventStoreWriter(dir);
    try {
      for (const e of log.events) store.insertRaw({ runId: e.runId, sequence: e.sequence, eventId: e.eventId, type: e.type, occurrenceId: null, recordedAt: e.recordedAt, payloadText: JSON.stringify(e.payload) });
    } finally {
      store.close();
    }
    const before = hashTree(dir);
    const settings = join(scratch, 'polling.json');
    writeFileSync(settings, JSON.stringify({ pollingTools: ['job_*'] }));
    const scanWith = async (...extra: string[]) => JSON.parse((await cli('scan', 'run_scan_polling', '--data-dir', dir, '--json', ...extra)).stdout) as { findings: Array<{ kind: string; message: string; sequences: number[] }> };

    const plain = (await scanWith(...stateDir())).findings.filter((f) => f.kind === 'repeated-tool-call');
    expect(plain.map((f) => f.message.split(' ')[0])).toEqual(['job_status', 'read_file']);
    const polled = (await scanWith('--settings', settings)).findings.filter((f) => f.kind === 'repeated-tool-call');
    expect(polled).toEqual([expect.objectContaining({ sequences: reads })]);
    expect(polled[0].message).toContain('read_file was called 3 times in a row');
    expect(hashTree(dir)).toEqual(before);
  });
});
