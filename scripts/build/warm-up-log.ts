/**
 * The warm-up log, made at build time (src-main/engine/fold-warm-up.ts folds it in a fresh
 * worker): the demo's long run (scripts/fixtures/scenarios/demo-long-run.ts), shortened to about
 * 10,000 events, written by the one fixture writer into a temp data dir and read back row by row
 * as the SQLite reader selects them. The main build emits it beside the worker bundle
 * (`WARM_UP_LOG_FILE`, gzipped NDJSON), so production folds a bundled example and writes no log.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { WARM_UP_LOG_FILE, type WarmUpHeader } from '../../src-main/engine/warm-up-log';
import { writeDemoLongRun } from '../fixtures/scenarios/demo-long-run';

/**
 * Loop visits of the warm-up run: ~20 events each, ~10,000 events in all (a 3,000-event warm-up
 * saved nothing measurable; 20,000 still ran when a page opened straight after `serve` started).
 */
export const WARM_UP_VISITS = 480;

/** The warm-up log's bytes: a header line, then one JSON array per row (sequence, event id, type, occurrence id, recorded at, payload text). */
export function warmUpLogBytes(visits = WARM_UP_VISITS): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'li-warm-up-'));
  try {
    const run = writeDemoLongRun(dir, { visits });
    const db = new Database(join(dir, 'events', 'events.db'), { readonly: true });
    try {
      const rows = db.prepare('SELECT sequence, event_id, type, occurrence_id, recorded_at, payload FROM events WHERE run_id = ? ORDER BY sequence').raw().all(run.runId);
      const header: WarmUpHeader = { runId: run.runId };
      return gzipSync([header, ...rows].map((line) => JSON.stringify(line)).join('\n'));
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Emit the warm-up log beside the main build's bundles. */
export function warmUpLogPlugin(): Plugin {
  return {
    name: 'little-inspector:warm-up-log',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: WARM_UP_LOG_FILE, source: warmUpLogBytes() });
    },
  };
}
