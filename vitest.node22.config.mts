import { defineConfig } from 'vitest/config';

// The node:sqlite half of the store tests, run on the Node 22 binary from
// scripts/node22.mjs (better-sqlite3 is built for Node 20's ABI, so these files never
// load it): `<node22> node_modules/vitest/vitest.mjs run --config vitest.node22.config.mts`.
export default defineConfig({
  test: {
    include: ['src-main/**/*.node22.test.ts'],
    environment: 'node',
    // Fold checkpoints of every test go to a temp folder (never the user's cache).
    setupFiles: ['test/support/cache-env.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // node:sqlite's one-line ExperimentalWarning is noise in every worker.
    execArgv: ['--disable-warning=ExperimentalWarning'],
  },
});
