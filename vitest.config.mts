import { defineConfig } from 'vitest/config';

// Unit tests only: Playwright owns e2e/*.spec.ts.
export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'src-main/**/*.test.ts', 'src-renderer/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
