import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLargeRun } from '../scripts/generate-fixtures';
import { hashTree } from './support/store-test-fixtures';
import { cli } from './support/run-cli-captured';

// A 200,000-event run exports to HTML and JSON (timing is reported, never asserted here:
// `npm run bench` measures it). Lists are cut for HTML; the JSON keeps every step.
const EVENTS = 200_000;
let root: string;
let dataDir: string;
let runId: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'li-export-large-'));
  dataDir = join(root, 'data', '.little-workflow');
  runId = writeLargeRun(dataDir, { events: EVENTS });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe(`export of a ${EVENTS.toLocaleString('en-US')}-event run`, () => {
  it('writes HTML and JSON and leaves the data dir byte-identical', async () => {
    const before = hashTree(dataDir);
    for (const format of ['html', 'json']) {
      const started = performance.now();
      const result = await cli('export', runId, '--format', format, '--data-dir', dataDir, '-o', join(root, `large.${format}`));
      expect(result.code, result.stderr).toBe(0);
      console.log(`export --format ${format} of ${EVENTS} events: ${Math.round(performance.now() - started)} ms (${result.stderr.trim()})`);
    }
    const html = readFileSync(join(root, 'large.html'), 'utf8');
    expect(html).toContain('the JSON export has them all');
    expect(html).toContain('more steps not drawn');
    const doc = JSON.parse(readFileSync(join(root, 'large.json'), 'utf8'));
    expect(doc.run.eventCount).toBe(EVENTS);
    expect(doc.steps.length).toBe(doc.report.steps.length);
    expect(hashTree(dataDir)).toEqual(before);
  }, 180_000);
});
