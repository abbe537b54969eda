import { describe, expect, it } from 'vitest';
import { recordValues, stepList } from './step-list';
import type { MaterializedStepState } from './run-state-types';

const step = (stepPath: string): MaterializedStepState => ({ stepPath, status: 'pending', usage: {} as MaterializedStepState['usage'], attempts: [], artifactRefs: [] });

describe('stepList', () => {
  it('lists a steps map exactly as Object.values does: integer-like paths first, then insertion order, __proto__ as a plain key', () => {
    const steps = Object.create(null) as Record<string, MaterializedStepState>;
    for (const path of ['b', '10', 'a.visit[2]', '__proto__', '2', 'constructor', 'a.visit[1]']) steps[path] = step(path);
    const listed = stepList({ steps });
    expect(listed).toEqual(Object.values(steps));
    expect(listed.map((s) => s.stepPath)).toEqual(['2', '10', 'b', 'a.visit[2]', '__proto__', 'constructor', 'a.visit[1]']);
    // The same objects, not copies: callers read the fold's steps.
    listed.forEach((s, i) => expect(s).toBe(Object.values(steps)[i]));
  });

  it('matches Object.values on a dictionary-mode map of 30,000 steps', () => {
    const steps = Object.create(null) as Record<string, MaterializedStepState>;
    for (let i = 0; i < 30_000; i += 1) steps[`work.visit[${(i * 7919) % 30_000}]`] = step(String(i));
    expect(stepList({ steps })).toEqual(Object.values(steps));
  });

  it('reads own enumerable keys only', () => {
    const record = Object.assign(Object.create({ inherited: 1 }) as Record<string, number>, { own: 2 });
    Object.defineProperty(record, 'hidden', { value: 3, enumerable: false });
    expect(recordValues(record)).toEqual([2]);
    expect(recordValues({})).toEqual([]);
  });
});
