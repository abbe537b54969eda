import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import LongFirstSequencer from './test/support/long-first-sequencer';

// Unit tests only: Playwright owns e2e/*.spec.ts. `*.node22.test.ts` need node:sqlite and
// run under Node 22 through vitest.node22.config.mts (scripts/test-all.mjs runs both).
export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'src-main/**/*.test.ts', 'src-renderer/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, '**/*.node22.test.ts'],
    environment: 'node',
    // Fold checkpoints of every test go to a temp folder (never the user's cache).
    setupFiles: ['test/support/cache-env.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that is one worker, and
    // most files wait on child processes and disk, not the CPU, so two halve the wall time.
    maxWorkers: 2,
    // The minute-long files start first, so both workers finish together (see the sequencer).
    sequence: { sequencer: LongFirstSequencer },
    // No test reaches the real home's state folder (notes, settings): the CLI and serve resolve
    // LITTLE_INSPECTOR_STATE_DIR first, and this one is a throwaway folder under the OS temp dir.
    env: { LITTLE_INSPECTOR_STATE_DIR: join(tmpdir(), `little-inspector-test-state-${process.pid}`) },
  },
});
