import { describe, expect, it } from 'vitest';
import { EXAMPLES, fixtureRun } from './support/fixture-manifest';
import { openedCore } from './support/opened-core';

// The `run.compare` channel: live observer state when the run is tailed, a simulated fold otherwise.
const openCore = (live: false | { replayExisting: boolean; watch: boolean }) => openedCore(EXAMPLES, { live });

describe('run.compare', () => {
  const resumed = fixtureRun('model-call-in-flight crash (42 min gap)');
  const ref = { dataDir: resumed.dir, runId: resumed.runId };

  it('compares with a simulated incremental fold when the run is not tailed, and audits the resume', async () => {
    const core = await openCore(false);
    const result = await core.handlers['run.compare'](ref);
    if (!result.ok) throw new Error(result.error.message);
    const { source, seed, consistency, audit } = result.value;
    expect(source).toBe('simulated');
    expect(seed).toBe(1);
    expect(consistency.equal).toBe(true);
    expect(audit.boundaries).toHaveLength(1);
    expect(audit.violations).toBe(0);
    expect(audit.boundaries[0].items.map((item) => item.kind)).toContain('model-call-completed');
    expect(audit.boundaries[0].plan?.applicable).toBe(true);
    core.close();
  });

  it('compares with the live observer state when it has folded the run', async () => {
    const core = await openCore({ replayExisting: true, watch: false });
    let result = await core.handlers['run.compare'](ref);
    for (let i = 0; i < 50 && result.ok && result.value.source !== 'live'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      result = await core.handlers['run.compare'](ref);
    }
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.source).toBe('live');
    expect(result.value.consistency.equal).toBe(true);
    expect(result.value.lastSequence).toBe(result.value.consistency.events);
    core.close();
  });

  it('refuses runs outside the library and unknown runs with typed diagnostics', async () => {
    const core = await openCore(false);
    const outside = await core.handlers['run.compare']({ dataDir: '/tmp', runId: resumed.runId });
    expect(outside.ok).toBe(false);
    const unknown = await core.handlers['run.compare']({ dataDir: resumed.dir, runId: 'run_00000000-0000-4000-8000-000000000000' });
    expect(unknown.ok ? null : unknown.error.code).toBe('run-not-found');
    core.close();
  });
});
