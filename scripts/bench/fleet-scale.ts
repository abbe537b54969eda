/**
 * Scale figures of the fleet bench (`npm run bench -- --only=fleet-search`), issue 31 item 6:
 *
 * - a `little setup` tree of many session folders (test/support/session-tree.ts: the real
 *   layout, a Local World in every tenth session): discovery of the root, and an inspector core
 *   opening it (`library.open`: discovery plus every data dir's run list), each against the floor
 *   of the same run: a bare read of every payload under the root (every status.json and
 *   trace.ndjson read and each line JSON.parse'd, every events.db's `SELECT payload` +
 *   JSON.parse, in place, in this process);
 * - the `library.*` answer of a 100,000-run list: how many bytes the snapshot is as JSON (the
 *   loopback browser's answer; the desktop's IPC clones the same object) and how long writing and
 *   reading it takes, against the floor of JSON.parse of the same number of bare run rows.
 *
 * Memory: the process's peak RSS after each part (process.resourceUsage().maxRSS, which only
 * grows: a part's figure includes the parts before it).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { discover } from '../../src-main/sources/fs/discovery';
import { createInspectorCore } from '../../src-main/core/inspector-core';
import { syntheticRuns } from '../../test/support/library-runs';
import { writeSessionTree } from '../../test/support/session-tree';
import { median } from './timing';

export type SessionTreeTiming = {
  sessions: number;
  dataDirs: number;
  runs: number;
  floorMs: number;
  discoverMs: number;
  openMs: number;
  ratio: { discoverToFloor: number; openToFloor: number };
  peakRssMb: number;
};

export type ListAnswerTiming = { runs: number; jsonBytes: number; stringifyMs: number; parseMs: number; floorMs: number; ratio: { roundTripToFloor: number }; peakRssMb: number };

const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** Every payload under a session tree, read once, in place. */
function bareTreeScan(harness: string): number {
  const start = performance.now();
  const sessions = join(harness, 'sessions');
  for (const key of readdirSync(sessions)) {
    const dir = join(sessions, key);
    JSON.parse(readFileSync(join(dir, 'status.json'), 'utf8'));
    for (const line of readFileSync(join(dir, 'trace.ndjson'), 'utf8').split('\n')) if (line !== '') JSON.parse(line);
    let db: Database.Database;
    try {
      db = new Database(join(dir, 'workflows', 'events', 'events.db'), { readonly: true, fileMustExist: true });
    } catch {
      continue; // no Local World in this session
    }
    try {
      for (const row of db.prepare('SELECT payload FROM events').iterate() as Iterable<{ payload: string }>) JSON.parse(row.payload);
    } finally {
      db.close();
    }
  }
  return performance.now() - start;
}

/** Discovery and a core's open of a fresh tree of `sessions` session folders. */
export async function measureSessionTree(sessions: number, log: (line: string) => void): Promise<SessionTreeTiming> {
  const root = mkdtempSync(join(tmpdir(), 'little-inspector-bench-sessions-'));
  try {
    log(`writing ${sessions.toLocaleString('en-US')} session folders in ${root}`);
    const harness = join(root, '.little-harness');
    await writeSessionTree(harness, sessions, 'run_last_session', 10);
    bareTreeScan(harness); // warm the page cache for all alike
    const floorMs = median([0, 1, 2].map(() => bareTreeScan(harness)));
    log('discovery');
    let dataDirs = 0;
    const discoverMs = median(
      [0, 1, 2].map(() => {
        const start = performance.now();
        dataDirs = discover(root, { countRuns: false }).dataDirs.length;
        return performance.now() - start;
      }),
    );
    log('library.open (a fresh core each time)');
    let runs = 0;
    const opens: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false, inProcess: true, logError: () => undefined });
      try {
        const start = performance.now();
        const opened = await core.openPath(root);
        opens.push(performance.now() - start);
        if (!opened.ok) throw new Error(opened.error.message);
        runs = opened.value.runs.length;
      } finally {
        core.close();
      }
    }
    const openMs = median(opens);
    return { sessions, dataDirs, runs, floorMs, discoverMs, openMs, ratio: { discoverToFloor: discoverMs / floorMs, openToFloor: openMs / floorMs }, peakRssMb: peakRssMb() };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The 100,000-run snapshot as the library's answer: its JSON size, write and read time. */
export function measureListAnswer(runs: number): ListAnswerTiming {
  const snapshot = { root: '/bench', ...syntheticRuns(runs), diagnostics: [] };
  const bare = JSON.stringify(snapshot.runs.map((run) => [run.dataDir, run.runId, run.status, run.startedAt]));
  const floorMs = median([0, 1, 2].map(() => timed(() => JSON.parse(bare))));
  let json = '';
  const stringifyMs = median([0, 1, 2].map(() => timed(() => (json = JSON.stringify(snapshot)))));
  const parseMs = median([0, 1, 2].map(() => timed(() => JSON.parse(json))));
  return { runs, jsonBytes: Buffer.byteLength(json), stringifyMs, parseMs, floorMs, ratio: { roundTripToFloor: (stringifyMs + parseMs) / floorMs }, peakRssMb: peakRssMb() };
}

function timed(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

const fixed = (n: number, digits = 1) => n.toFixed(digits);

export function formatSessionTree(t: SessionTreeTiming): string[] {
  return [
    `  ${t.sessions.toLocaleString('en-US')} session folders (${t.dataDirs.toLocaleString('en-US')} data dirs, ${t.runs.toLocaleString('en-US')} runs): floor (every status, trace line and payload read) ${fixed(t.floorMs)} ms`,
    `    discovery ${fixed(t.discoverMs)} ms = ${fixed(t.ratio.discoverToFloor, 2)}x floor · library.open ${fixed(t.openMs)} ms = ${fixed(t.ratio.openToFloor, 2)}x floor · peak RSS ${t.peakRssMb} MB`,
  ];
}

export function formatListAnswer(t: ListAnswerTiming): string[] {
  return [
    `  library answer of ${t.runs.toLocaleString('en-US')} runs: ${fixed(t.jsonBytes / 1024 / 1024)} MB of JSON, write ${fixed(t.stringifyMs)} ms + read ${fixed(t.parseMs)} ms = ${fixed(t.ratio.roundTripToFloor, 2)}x floor (JSON.parse of bare rows ${fixed(t.floorMs)} ms) · peak RSS ${t.peakRssMb} MB`,
  ];
}
