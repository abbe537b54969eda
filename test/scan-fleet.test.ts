/** Fleet mode: the same failure across runs of one version, the fleet's most common findings, and the settings file's rules. */
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { addFleetFindings, commonFleetFindings, findingCounts } from '../shared/scan/fleet-findings';
import { scanEvents } from '../shared/scan/scan-events';
import { parseScanSettings } from '../shared/scan/scan-settings';
import { stepShape } from '../shared/scan/step-shape';
import { ScanLog } from './support/scan-log';

const FRESH = new Date('2026-09-01T00:00:00Z');

/** A run of `version` whose step `stepPath` fails with `cause` and, when `passes`, passes on a second attempt. */
function runOf(runId: string, version: string, stepPath: string, cause: string, passes = false) {
  const log = new ScanLog(runId);
  log.runStarted(version);
  log.attempt(stepPath);
  const failed = log.stepFailed(stepPath, 1, cause);
  if (passes) {
    log.attempt(stepPath, 2);
    log.stepCompleted(stepPath, 2);
  }
  return { scan: scanEvents(runId, log.events, { table: BUNDLED_PRICE_TABLE, now: FRESH }), failed };
}

describe('failure-across-runs', () => {
  it('is one finding per run that failed the same step the same way in one workflow version, visits aside', () => {
    const a = runOf('run_a', 'wfv_1', 'loop.visit[0]', 'step_failed');
    const b = runOf('run_b', 'wfv_1', 'loop.visit[4]', 'step_failed');
    const otherKind = runOf('run_c', 'wfv_1', 'loop.visit[0]', 'timeout');
    const otherVersion = runOf('run_d', 'wfv_2', 'loop.visit[0]', 'step_failed');
    const retried = runOf('run_e', 'wfv_1', 'loop.visit[1]', 'step_failed', true);
    const scans = [a, b, otherKind, otherVersion, retried].map((r) => r.scan);
    const added = addFleetFindings(scans);
    expect(added.map((f) => [f.runId, f.sequences])).toEqual([
      ['run_a', [a.failed]],
      ['run_b', [b.failed]],
    ]);
    expect(added[0].message).toContain('1 other run of workflow version wfv_1 (run_b)');
    expect(a.scan.findings.map((f) => f.kind)).toEqual(['failure-across-runs']);
    expect(otherKind.scan.findings).toEqual([]);
  });

  it('takes visits and parallel attempts out of the step path', () => {
    expect(stepShape('loop.visit[3]')).toBe('loop');
    expect(stepShape('fan@attempt_2[a%2Eb].score.visit[0]')).toBe('fan[a%2Eb].score');
  });
});

describe('commonFleetFindings', () => {
  it('groups by kind and severity, most runs first, costs summed only where given', () => {
    const base = { message: '', stepPath: null, sequences: [1], hint: '' };
    const findings = [
      { ...base, runId: 'r1', kind: 'repeated-tool-call' as const, severity: 'warning' as const, costUsd: 0.5 },
      { ...base, runId: 'r1', kind: 'repeated-tool-call' as const, severity: 'warning' as const, costUsd: null },
      { ...base, runId: 'r2', kind: 'retry-storm' as const, severity: 'warning' as const, costUsd: null },
      { ...base, runId: 'r3', kind: 'retry-storm' as const, severity: 'warning' as const, costUsd: null },
      { ...base, runId: 'r3', kind: 'unpriced-model' as const, severity: 'info' as const, costUsd: null },
    ];
    expect(commonFleetFindings(findings).map((c) => [c.kind, c.runs, c.findings, c.costUsd])).toEqual([
      ['retry-storm', 2, 2, null],
      ['repeated-tool-call', 1, 2, 0.5],
      ['unpriced-model', 1, 1, null],
    ]);
    expect(findingCounts(findings)).toEqual({ info: 1, warning: 4, error: 0, kinds: ['repeated-tool-call', 'retry-storm', 'unpriced-model'] });
  });
});

describe('parseScanSettings', () => {
  it('takes polling tools and refuses anything else with a typed diagnostic', () => {
    expect(parseScanSettings('{"pollingTools":["status","wait_*"]}', 's.json')).toEqual({ ok: true, value: { pollingTools: ['status', 'wait_*'] } });
    for (const text of ['nope', '[]', '{"pollingTools":[""]}', '{"pollingTools":"x"}', '{"polling":[]}']) {
      const parsed = parseScanSettings(text, 's.json');
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatchObject({ code: 'invalid-scan-settings', path: 's.json' });
    }
  });
});
