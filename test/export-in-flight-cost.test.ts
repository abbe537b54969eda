import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, manifestRows } from './support/fixture-manifest';
import { validateJson } from './support/json-schema-subset';
import { openedCore } from './support/opened-core';

// Unknown stays unknown in the exports too (issue 34): a run killed inside a model call spent
// something nobody recorded, so its report never says "$0.00" for the run or for that step.
const killed = manifestRows().find((r) => r.shows.startsWith('demo crashed (model call in flight'))!;
const ref = { dataDir: join(EXAMPLES, killed.dataDir), runId: killed.runId };
const schema = JSON.parse(readFileSync(join(__dirname, '..', 'docs', 'report-schema.json'), 'utf8'));

async function exported(format: 'html' | 'md' | 'json'): Promise<string> {
  const core = await openedCore(EXAMPLES);
  const result = await core.handlers['run.export']({ ...ref, format });
  if (!result.ok) throw new Error(result.error.message);
  return result.value.content;
}

describe('the export of a run the log ends inside a model call of', () => {
  it('JSON counts the call in flight for the run and for its step (valid against the schema)', async () => {
    const doc = JSON.parse(await exported('json'));
    expect(validateJson(doc, schema)).toEqual([]);
    expect(doc.cost.inFlightCalls).toBe(1);
    const open = doc.steps.filter((s: { inFlightCalls: number }) => s.inFlightCalls > 0);
    expect(open).toHaveLength(1);
    expect(doc.boundary.inFlight.filter((i: { kind: string }) => i.kind === 'model-call').map((i: { stepPath: string }) => i.stepPath)).toEqual([open[0].stepPath]);
  });

  it('Markdown and HTML say the cost is unknown, never $0.00', async () => {
    const md = await exported('md');
    const costTable = md.slice(md.indexOf('## Cost and tokens'), md.indexOf('`little report --table`'));
    // (Markdown table cells escape parentheses.)
    expect(costTable).toContain('| cost unknown \\(1 call in flight\\) |');
    expect(costTable).not.toContain('$0.00');
    expect(costTable).toContain('The log ends inside 1 model call: its cost is unknown.');
    const html = await exported('html');
    const cost = html.slice(html.indexOf('<h2 id="cost">'), html.indexOf('<h3><code>little report --table'));
    expect(cost).toContain('cost unknown (1 call in flight)');
    expect(cost).not.toContain('$0.00');
  });
});
