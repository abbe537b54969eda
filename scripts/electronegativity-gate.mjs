#!/usr/bin/env node
// The Electron security scanner as an `npm test` gate: runs electronegativity offline
// (`-e 45.5.0` pins the Electron version so it needs no release list from the network) over
// src-main, writes reports/electronegativity.csv, and fails on any HIGH or MEDIUM finding not
// listed, with a written reason, in docs/electronegativity-accepted.json (matched by check id
// and file name; line numbers move). Accepted entries that no longer match are reported as
// stale so the list cannot rot.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const reports = join(root, 'reports');
const csvPath = join(reports, 'electronegativity.csv');
const acceptedPath = join(root, 'docs', 'electronegativity-accepted.json');
const GATED = new Set(['HIGH', 'MEDIUM']);

/** Parse RFC 4180-ish CSV (quoted fields may hold commas, quotes and newlines). */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field.trim());
      field = '';
    }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field.trim());
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field.trim());
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

/** Findings as objects keyed by the CSV header (issue, severity, confidence, filename, location, …). */
export function findingsOf(csv) {
  const [header, ...rows] = parseCsv(csv);
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name.trim(), cells[i] ?? ''])));
}

/** Split findings into accepted and open, and list accepted entries that matched nothing. */
export function judge(findings, accepted) {
  const matches = (a, f) => a.id === f.issue && a.file === basename(f.filename);
  const gated = findings.filter((f) => GATED.has(f.severity));
  return {
    gated,
    open: gated.filter((f) => !accepted.some((a) => matches(a, f))),
    stale: accepted.filter((a) => !gated.some((f) => matches(a, f))),
  };
}

function main() {
  mkdirSync(reports, { recursive: true });
  const bin = join(root, 'node_modules', '.bin', 'electronegativity');
  const run = spawnSync(bin, ['-i', join(root, 'src-main'), '-e', '45.5.0', '-r', '-o', csvPath], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0 || !existsSync(csvPath)) {
    console.log(`electronegativity did not run (exit ${run.status}): ${(run.stderr || run.stdout || '').trim().split('\n').slice(-3).join(' | ')}`);
    return 1;
  }
  const accepted = JSON.parse(readFileSync(acceptedPath, 'utf8')).accepted;
  const missingReason = accepted.filter((a) => typeof a.reason !== 'string' || a.reason.length < 40 || !Array.isArray(a.provenBy) || a.provenBy.length === 0);
  const findings = findingsOf(readFileSync(csvPath, 'utf8'));
  const { gated, open, stale } = judge(findings, accepted);
  console.log(`electronegativity: ${findings.length} findings, ${gated.length} HIGH/MEDIUM, ${gated.length - open.length} accepted (docs/electronegativity-accepted.json), ${open.length} open`);
  for (const f of open) console.log(`  OPEN ${f.severity} ${f.issue} ${f.filename}:${f.location} ${f.description}`);
  for (const a of stale) console.log(`  stale acceptance (no longer reported, remove it): ${a.id} ${a.file}`);
  for (const a of missingReason) console.log(`  acceptance without a reason or proving test: ${a.id} ${a.file}`);
  return open.length + missingReason.length > 0 ? 1 : 0;
}

if (process.argv[1] && basename(process.argv[1]) === 'electronegativity-gate.mjs') process.exit(main());
