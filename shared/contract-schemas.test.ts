import { describe, expect, it } from 'vitest';
import { channelNames, type Channel } from './contract';
import { requestSchemas } from './contract-schemas';

// Every IPC and HTTP argument passes one of these schemas before a handler runs
// (src-main/electron/ipc.ts, src-main/web/api-call.ts). A valid sample per channel, typed by the
// contract, so a new channel cannot land without one; each sample is then broken three ways.
const ref = { dataDir: '/data/.little-workflow', runId: 'run_1' };
const SAMPLES: { [C in Channel]: Record<string, unknown> } = {
  'app.info': {},
  'library.open': { path: '/data' },
  'library.current': {},
  'library.refresh': {},
  'library.cancelOpen': {},
  'dialog.openDirectory': {},
  'dialog.exportReport': { ...ref, redact: { userRules: 'regex a abc' } },
  'pricing.load': { path: '/prices.json' },
  'run.detail': { ...ref, at: 12 },
  'run.prepare': { runId: 'run_1', dir: 'team/.little-workflow', at: 4 },
  'run.timeline': { ...ref, at: 3 },
  'run.slice': { ...ref, spec: { section: 'timeline', from: 0, count: 100, fold: { allCollapsed: false, ids: ['a'] }, find: 'a' } },
  'run.step': { ...ref, stepPath: 'draft' },
  'run.harness': { ...ref, kind: 'turn', id: 3 },
  'run.costs': ref,
  'job.get': ref,
  'run.reportText': ref,
  'run.findings': ref,
  'run.event': { ...ref, sequence: 1 },
  'run.artifact': { ...ref, ref: 'artifact://art_0123456789abcdef' },
  'run.export': { ...ref, format: 'md', maxText: 100, redact: { userRules: 'regex a abc' } },
  'run.redactionPreview': { ...ref, maxText: 100, redact: { userRules: 'json-path p $..x' } },
  'run.bundle': { ...ref, redact: { userRules: 'regex a abc' }, budgetBytes: 1000 },
  'dialog.saveBundle': { ...ref, budgetBytes: 0 },
  'run.compare': ref,
  'run.scan': ref,
  'library.scan': {},
  'run.diff': { a: { ...ref, at: 3 }, b: { dataDir: '/other/.little-workflow', runId: 'run_2' } },
  'run.seek': { ...ref, from: 4, direction: 'previous' },
  'notes.list': ref,
  'notes.put': { ...ref, id: 'note-1', target: { kind: 'step', stepPath: 'draft' }, text: 'why?' },
  'notes.delete': { ...ref, id: 'note-1' },
  'otlp.settings': {},
  'otlp.send': {
    jobId: 'job_1',
    runs: [{ dataDir: ref.dataDir, runIds: [ref.runId] }],
    endpoint: 'http://127.0.0.1:4318',
    protocol: 'http/json',
    headers: [{ name: 'Authorization', secret: true, value: null }],
    content: false,
    semconv: 'latest',
    remember: true,
  },
  'otlp.cancel': { jobId: 'job_1' },
  'settings.theme': {},
  'settings.setTheme': { theme: 'dark' },
  'sessions.list': {},
  'fleet.summary': {},
  'fleet.sql': { sql: 'SELECT 1', budgetMs: 1000 },
  'fleet.tables': {},
  'session.view': { harnessDir: '.little-harness', sessionId: 'sess_1' },
  'session.file': { harnessDir: '.little-harness', sessionId: 'sess_1', path: '/artifacts/trace/a.diff' },
  'sessions.outcomes': { harnessDir: '.little-harness' },
  'fleet.search': { query: 'cafe tool:search', limit: 20 },
  'fleet.indexStatus': {},
};

const parse = (channel: Channel, value: unknown) => requestSchemas[channel].safeParse(value).success;

/** Every path to a leaf of `value` (nested objects included). */
function leaves(value: Record<string, unknown>, prefix: string[] = []): { path: string[]; value: unknown }[] {
  return Object.entries(value).flatMap(([key, v]) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? leaves(v as Record<string, unknown>, [...prefix, key]) : [{ path: [...prefix, key], value: v }],
  );
}

/** A deep copy of `value` with the leaf at `path` replaced. */
function withLeaf(value: Record<string, unknown>, path: string[], leaf: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  return { ...value, [head]: rest.length === 0 ? leaf : withLeaf(value[head] as Record<string, unknown>, rest, leaf) };
}

describe.each(channelNames)('request schema of %s', (channel) => {
  const sample = SAMPLES[channel];

  it('accepts its valid sample', () => {
    expect(parse(channel, sample)).toBe(true);
  });

  it('rejects extra keys, at the top and in nested objects', () => {
    expect(parse(channel, { ...sample, extra: 1 })).toBe(false);
    expect(parse(channel, { ...sample, __proto__: { polluted: true }, constructor: 'x' })).toBe(false);
    for (const { path } of leaves(sample).filter((l) => l.path.length > 1)) {
      expect(parse(channel, withLeaf(sample, [...path.slice(0, -1), 'extra'], 1)), path.join('.')).toBe(false);
    }
  });

  it('rejects non-objects and wrong types in every field', () => {
    for (const value of [null, undefined, 'x', 42, [], [sample]]) expect(parse(channel, value), JSON.stringify(value)).toBe(false);
    for (const { path, value } of leaves(sample)) {
      const wrong =
        typeof value === 'string'
          ? [42, true, ['x'], { x: 1 }]
          : typeof value === 'boolean'
            ? [String(value), 1, [value], { x: 1 }, null]
            : [String(value), true, [value], { x: 1 }, 1.5, -1, Number.NaN, 2 ** 53 + 2];
      for (const bad of wrong) expect(parse(channel, withLeaf(sample, path, bad)), `${path.join('.')} = ${JSON.stringify(bad)}`).toBe(false);
    }
  });

  it('rejects a NUL byte in every path field (the OS would cut the path there)', () => {
    for (const { path, value } of leaves(sample)) {
      const field = path.at(-1)!;
      if (typeof value === 'string' && (field === 'path' || field === 'dataDir' || field === 'stepPath')) {
        expect(parse(channel, withLeaf(sample, path, `${value}\u0000/../../etc/passwd`)), path.join('.')).toBe(false);
      }
    }
  });

  it('rejects oversized strings in every string field', () => {
    for (const { path, value } of leaves(sample)) {
      if (typeof value === 'string') expect(parse(channel, withLeaf(sample, path, 'a'.repeat(65_537))), path.join('.')).toBe(false);
    }
  });
});
