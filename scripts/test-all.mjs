#!/usr/bin/env node
// `npm test`: typecheck, lint, build, unit tests (vitest), e2e (Playwright in Chromium).
// Every gate runs even when an earlier one failed, so one run shows everything; the last
// line counts the tests of both runners from their JSON reports (plus the gates).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const reports = join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);

const gates = [
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['build', bin('electron-vite'), ['build']],
];
const failedGates = [];
for (const [name, cmd, args] of gates) {
  console.log(`\n== ${name}`);
  const run = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failedGates.push(name);
}

console.log('\n== unit tests (vitest)');
spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${join(reports, 'vitest.json')}`], {
  cwd: root,
  stdio: 'inherit',
});

console.log('\n== e2e (Playwright, Chromium, browser mode)');
if (failedGates.includes('build')) console.log('skipped: the build failed');
else spawnSync(bin('playwright'), ['test'], { cwd: root, stdio: 'inherit', env: { ...process.env, CI_REPORT: '1' } });

const counts = { passed: 0, failed: 0, skipped: 0 };
const vitest = readJson(join(reports, 'vitest.json'));
if (vitest) {
  counts.passed += vitest.numPassedTests ?? 0;
  counts.failed += (vitest.numFailedTests ?? 0) + (vitest.numRuntimeErrorTestSuites ?? 0);
  counts.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  if (vitest.success === false && (vitest.numFailedTests ?? 0) === 0) counts.failed += Math.max(1, vitest.numFailedTestSuites ?? 0);
} else {
  console.log('vitest wrote no report: counted as a failure');
  counts.failed += 1;
}
const pw = readJson(join(reports, 'playwright.json'));
if (pw?.stats) {
  counts.passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
  counts.failed += pw.stats.unexpected ?? 0;
  counts.skipped += pw.stats.skipped ?? 0;
  if ((pw.errors ?? []).length > 0) counts.failed += pw.errors.length;
} else {
  console.log('Playwright wrote no report: counted as a failure');
  counts.failed += 1;
}
counts.passed += gates.length - failedGates.length;
counts.failed += failedGates.length;
if (failedGates.length) console.log(`failed gates: ${failedGates.join(', ')}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(counts.failed > 0 ? 1 : 0);

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
