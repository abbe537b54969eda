import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take a worker for a minute or more (measured on two cores, `reports/vitest.json`),
 * longest first. On a clean checkout vitest has no timings and orders by file size, which started
 * the 200 s fuzz file last, so one worker idled for minutes at the end of every CI run.
 */
const LONG_FIRST = [
  'test/fuzz/fuzz.test.ts',
  'test/read-only-modes.test.ts',
  'test/read-only.test.ts',
  'test/time-travel-differential.test.ts',
  'test/temp-hygiene.test.ts',
  'test/export-large.test.ts',
  'test/fuzz/pty-escapes.test.ts',
  'test/run-service.test.ts',
];

const rank = (spec: TestSpecification): number => {
  const index = LONG_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index === -1 ? LONG_FIRST.length : index;
};

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: every other file keeps vitest's own order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
