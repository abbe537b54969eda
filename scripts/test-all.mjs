#!/usr/bin/env node
// `npm test`: typecheck, lint, build, electronegativity, unit tests (vitest on Node 20, then the node:sqlite
// store tests on Node 22 from scripts/node22.mjs), e2e (Playwright in Chromium).
// Every gate runs even when an earlier one failed, so one run shows everything; the last
// line counts the tests of every runner from their JSON reports (plus the gates).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNode22 } from './node22.mjs';

const root = join(import.meta.dirname, '..');
const reports = join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);

const gates = [
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['build', bin('electron-vite'), ['build']],
  // Electron security scanner, offline; HIGH/MEDIUM findings must be accepted in docs/electronegativity-accepted.json.
  ['electronegativity', process.execPath, [join(root, 'scripts', 'electronegativity-gate.mjs')]],
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

console.log('\n== store tests on Node 22 (node:sqlite)');
const node22 = ensureNode22();
if (node22.ok) {
  if (node22.installed) console.log(`installed Node 22 into .tmp/node22 in ${node22.seconds} s`);
  const vitestEntry = join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile=${join(reports, 'vitest-node22.json')}`];
  spawnSync(node22.path, [vitestEntry, 'run', '--config', 'vitest.node22.config.mts', ...reporters], { cwd: root, stdio: 'inherit' });
} else console.log(`not run: ${node22.reason}`);

console.log('\n== e2e (Playwright, Chromium, browser mode)');
if (failedGates.includes('build')) console.log('skipped: the build failed');
else spawnSync(bin('playwright'), ['test'], { cwd: root, stdio: 'inherit', env: { ...process.env, CI_REPORT: '1' } });

const counts = { passed: 0, failed: 0, skipped: 0 };
// Every failing test by name, printed just above the count: a CI log is often seen only by its tail.
const failures = [];
addVitest(join(reports, 'vitest.json'), 'vitest');
if (node22.ok) addVitest(join(reports, 'vitest-node22.json'), 'vitest on Node 22');
else {
  console.log(`Node 22 store tests not run (${node22.reason}): counted as a failure`);
  counts.failed += 1;
}
const pw = readJson(join(reports, 'playwright.json'));
if (pw?.stats) {
  counts.passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
  counts.failed += pw.stats.unexpected ?? 0;
  counts.skipped += pw.stats.skipped ?? 0;
  if ((pw.errors ?? []).length > 0) counts.failed += pw.errors.length;
  for (const error of pw.errors ?? []) failures.push(`playwright: ${firstLine(error.message)}`);
  failures.push(...playwrightFailures(pw.suites ?? []));
} else {
  console.log('Playwright wrote no report: counted as a failure');
  counts.failed += 1;
}
counts.passed += gates.length - failedGates.length;
counts.failed += failedGates.length;
if (failedGates.length) console.log(`failed gates: ${failedGates.join(', ')}`);
if (failures.length) console.log(`failed tests:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(counts.failed > 0 ? 1 : 0);

function addVitest(file, label) {
  const report = readJson(file);
  if (!report) {
    console.log(`${label} wrote no report: counted as a failure`);
    counts.failed += 1;
    return;
  }
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (report.success === false && (report.numFailedTests ?? 0) === 0) counts.failed += Math.max(1, report.numFailedTestSuites ?? 0);
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${label}: ${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') failures.push(`${label}: ${name}: ${firstLine(file.message)}`);
  }
}

/** `file:line › title` of every test whose outcome Playwright did not expect, through nested describes. */
function playwrightFailures(suites) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        found.push(`playwright: ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites) walk(suite);
  return found;
}

/** The first line of an error, without colour codes, at most 200 characters. */
function firstLine(text) {
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').trim().split('\n')[0] ?? '';
  return plain.length > 200 ? `${plain.slice(0, 199)}…` : plain;
}

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
