import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../events/envelope';
import { materializeRunState } from '../fold/run-state';
import { runReport, runReportSortedOnRead } from './run-report';
import { formatRunReportTable } from './run-report-table';

const RUN = 'run_rep';
function log(...specs: Array<[type: string, payload: unknown]>): EventEnvelope[] {
  return specs.map(([type, payload], index) => ({
    eventId: `evt_${index + 1}`, runId: RUN, sequence: index + 1, type,
    recordedAt: `2026-01-01T00:00:0${index + 1}.000Z`, payload,
  }));
}
const report = (...specs: Array<[string, unknown]>) => runReport(materializeRunState(RUN, log(...specs), { priceTable: BUNDLED_PRICE_TABLE }));
const call = (stepPath: string | undefined, usage: Record<string, number>, model: unknown = { provider: 'openai', modelId: 'gpt-4o-mini' }) =>
  ['harness.model.responded', {
    ...(stepPath === undefined ? {} : { stepPath }),
    ...(model === undefined ? {} : { model }),
    response: { usage },
  }] as [string, unknown];
const gpt4o = { provider: 'openai.chat', modelId: 'gpt-4o' };

describe('runReport JSON', () => {
  it('matches little report byte for byte for a one-step run', () => {
    const r = report(['RunStarted', {}], call('extract', { inputTokens: 20_000, cachedInputTokens: 16_000, outputTokens: 10_000 }), ['RunCompleted', {}]);
    const usage = '"inputTokens":20000,"cachedInputTokens":16000,"outputTokens":10000,"reasoningTokens":0,' +
      '"cacheHitShare":0.8,"costUsd":0.0078,"pricedCalls":1,"unpricedCalls":0';
    // The step exists only through the model call, so its status is pending.
    expect(JSON.stringify(r)).toBe(
      `{"runId":"run_rep","status":"completed","steps":[{"stepPath":"extract","status":"pending",${usage}}],` +
        `"total":{"stepPath":"TOTAL","status":"completed",${usage}},"hasUnpricedCalls":false}`,
    );
  });

  it('sorts rows with localeCompare (ICU), not code-unit order', () => {
    const names = ['loop.visit[2]', 'loop.visit[10]', 'b', 'Alpha', 'alpha', 'aB', 'ab', 'a-b', 'a_b'];
    const r = report(...names.map((stepPath) => ['StepScheduled', { stepPath }] as [string, unknown]));
    expect(r.steps.map((row) => row.stepPath)).toEqual(
      ['a_b', 'a-b', 'ab', 'aB', 'alpha', 'Alpha', 'b', 'loop.visit[10]', 'loop.visit[2]'],
    );
  });

  it('adds an unattributed row for calls without a step, with the null cost rule', () => {
    const priced = report(call(undefined, { inputTokens: 20_000 }), call('summarize', { outputTokens: 10_000 }));
    expect(priced.unattributed).toMatchObject({ stepPath: '(unattributed)', status: 'pending', inputTokens: 20_000, pricedCalls: 1 });
    // total - attributed, in float: (0.003 + 0.006) - 0.006
    expect(priced.unattributed!.costUsd).toBe((20_000 * 0.15) / 1e6 + (10_000 * 0.6) / 1e6 - (10_000 * 0.6) / 1e6);
    const unpriced = report(call(undefined, { inputTokens: 5 }, null), call('s', { inputTokens: 1 }));
    expect(unpriced.unattributed).toMatchObject({ costUsd: null, pricedCalls: 0, unpricedCalls: 1, inputTokens: 5 });
    expect(unpriced.hasUnpricedCalls).toBe(true);
    expect(report(call('s', { inputTokens: 1 })).unattributed).toBeUndefined();
    expect('unattributed' in report(call('s', { inputTokens: 1 }))).toBe(false);
  });

  it('keeps the float residue of zero-token unattributed calls (it can be negative)', () => {
    const cost = (out: number) => (0 * 2.5 + 0 * 1.25 + out * 10) / 1e6;
    const r = report(
      call('a', { outputTokens: 1 }, gpt4o),
      call('b', { outputTokens: 1 }, gpt4o),
      call('a', { outputTokens: 25 }, gpt4o),
      call(undefined, {}, gpt4o),
    );
    const total = 0 + cost(1) + cost(1) + cost(25) + 0;
    const attributed = 0 + (0 + cost(1) + cost(25)) + (0 + cost(1));
    expect(r.unattributed!.costUsd).toBe(total - attributed);
    expect(r.unattributed!.costUsd!).toBeLessThan(0);
    expect(formatRunReportTable(r)).toContain(
      '(unattributed)' + '   0' + '       0' + '    0.0%' + '    0' + '      1' + '   -0.000000\n',
    );
  });
});

describe('formatRunReportTable', () => {
  it('renders the full table with n/a, <0.000001, p+u?, fractional tokens and the note', () => {
    const r = report(
      ['RunStarted', {}],
      call('extract', { inputTokens: 20_000, cachedInputTokens: 16_000, outputTokens: 10_000 }),
      call('mystery', { inputTokens: 10, outputTokens: 10 }, { provider: 'acme', modelId: 'unknown' }),
      call('tiny', { inputTokens: 1, outputTokens: 0 }),
      call(undefined, { inputTokens: 100.5 }, null),
      ['RunCompleted', {}],
    );
    const expected = [
      'Run run_rep (completed)',
      '',
      'STEP          ' + '       IN' + '  CACHED' + '  CACHE%' + '    OUT' + '  CALLS' + '  COST (USD)',
      '--------------' + '  -------' + '  ------' + '  ------' + '  -----' + '  -----' + '  ----------',
      'extract       ' + '    20000' + '   16000' + '   80.0%' + '  10000' + '      1' + '    0.007800',
      'mystery       ' + '       10' + '       0' + '    0.0%' + '     10' + '   0+1?' + '         n/a',
      'tiny          ' + '        1' + '       0' + '    0.0%' + '      0' + '      1' + '   <0.000001',
      '(unattributed)' + '    100.5' + '       0' + '    0.0%' + '      0' + '   0+1?' + '         n/a',
      '--------------' + '  -------' + '  ------' + '  ------' + '  -----' + '  -----' + '  ----------',
      'TOTAL         ' + '  20111.5' + '   16000' + '   79.6%' + '  10010' + '   2+2?' + '    0.007800',
      '',
      'Note: 2 model call(s) had no registry pricing and are excluded from the cost above.',
      '',
    ].join('\n');
    expect(formatRunReportTable(r)).toBe(expected);
  });

  it('renders a run without rows as header, one rule and TOTAL', () => {
    const r = report(['RunStarted', {}]);
    expect(formatRunReportTable(r)).toBe(
      'Run run_rep (running)\n\n' +
        'STEP   IN  CACHED  CACHE%  OUT  CALLS  COST (USD)\n' +
        '-----  --  ------  ------  ---  -----  ----------\n' +
        'TOTAL   0       0    0.0%    0      0    0.000000\n',
    );
  });
});

describe('runReportSortedOnRead', () => {
  it('reads as runReport through JSON, a structured clone and its rows, keys in the same order, with and without a residue', () => {
    const names = ['loop.visit[2]', 'loop.visit[10]', 'b', 'Alpha', 'alpha', 'a_b'];
    for (const residue of [false, true]) {
      const state = materializeRunState(RUN, log(['RunStarted', {}], ...names.map((stepPath) => call(stepPath, { inputTokens: 10, outputTokens: 1 })), ...(residue ? [call(undefined, { inputTokens: 5 })] : []), ['RunCompleted', {}]), { priceTable: BUNDLED_PRICE_TABLE });
      const expected = JSON.stringify(runReport(state));
      expect(JSON.stringify(runReportSortedOnRead(state))).toBe(expected);
      expect(JSON.stringify(structuredClone(runReportSortedOnRead(state)))).toBe(expected);
      const read = runReportSortedOnRead(state);
      expect(read.steps.map((row) => row.stepPath)).toEqual(runReport(state).steps.map((row) => row.stepPath));
      expect(JSON.stringify(read)).toBe(expected);
      expect(Object.keys(read)).toEqual(Object.keys(runReport(state)));
    }
  });
});
