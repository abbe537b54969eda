/**
 * `npx tsx scripts/bench.ts --only=server-open`: does the server keep answering while it opens
 * big live data dirs (issue 30 item 4)? Two data dirs of `sizeMb` each, a writer holding each
 * open and committing every 100 ms, one root above them. `little-inspector serve <root>` starts;
 * from the moment it prints its URL, a probe asks, one after the other every 25 ms, for a static
 * file (the page) and a cheap call (`app.info`), timing each answer, through the open and 5 s
 * past its end (the live observer's start), at least `seconds`. The goal: p95
 * < 100 ms for both. The floor, in the same run beside the same writers: a bare `node:http`
 * server in a child process answering the same page from memory, probed the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsxNodeArgs } from '../fixtures/scenarios/wal';
import { startScriptWriter, type ScriptWriter } from '../../test/support/live-writer';
import { ensureDatabase, figures, freshDataDir, type LatencyFigures } from './live-commit';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = join(ROOT, '.tmp', 'live-commit');
const PAGE = join(ROOT, 'out', 'renderer', 'index.html');

export type ServerOpenReport = {
  sizeMb: number;
  dataDirs: number;
  seconds: number;
  cli: string;
  /** From the server's start to the answer of a `library.current` asked at once (it waits for the open) listing both data dirs; null: not within 2 min after the probe. */
  openedInMs: number | null;
  /** The slowest page + call pair: how long, and when (ms since the start, and since the open ended). */
  slowest: { ms: number; sinceStartMs: number; sinceOpenEndMs: number | null } | null;
  page: LatencyFigures;
  call: LatencyFigures;
  floor: LatencyFigures;
  /** server p95 / floor p95, for the page and the call. */
  pageRatio: number;
  callRatio: number;
  goalP95Ms: 100;
};

type Target = { origin: string; token: string };

/** One HTTP exchange's time to its last byte, on a connection of its own (a kept-alive socket the server just closed answered ECONNRESET). */
function timed(target: Target, method: 'GET' | 'POST', path: string, body?: string): Promise<{ ms: number; status: number; text: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${target.origin}${path}`, { method, agent: false, headers: { authorization: `Bearer ${target.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Start a child that prints an `http://127.0.0.1:<port>/?token=<t>` line; resolve with it. */
function startServer(args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; target: Target }> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  // The server's last words, for a probe that fails (a crash or a reset connection says why here).
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`[bench] server exited ${code ?? signal}: ${output.slice(-2000)}`);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL in 60 s: ${output.slice(-400)}`)), 60_000);
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+)\/\?token=([\w-]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, target: { origin: match[1], token: match[2] } });
      }
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${output.slice(-400)}`)));
  });
}

async function probe(target: Target, seconds: number, asks: { page: number[]; call: number[]; at?: number[] }, until: () => boolean = () => true): Promise<void> {
  const end = performance.now() + seconds * 1000;
  // At least `seconds`; with `until`, on until it holds (at most 3 min): the open's end and the live observer's start included.
  const cap = performance.now() + 180_000;
  while (performance.now() < end || (!until() && performance.now() < cap)) {
    const page = await timed(target, 'GET', '/');
    if (page.status !== 200) throw new Error(`the page answered ${page.status}`);
    asks.page.push(page.ms);
    asks.at?.push(performance.now());
    const call = await timed(target, 'POST', '/api/call/app.info', '{}');
    if (call.status !== 200) throw new Error(`the call answered ${call.status}: ${call.text.slice(0, 200)}`);
    asks.call.push(call.ms);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const FLOOR_SERVER = `
const http = require('node:http');
const page = require('node:fs').readFileSync(process.argv[1]);
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    if (req.method === 'POST') { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify({ ok: true, value: { mode: 'floor' } })); }
    else { res.writeHead(200, { 'content-type': 'text/html' }); res.end(page); }
  });
});
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port + '/?token=floor'));
`;

const stop = async (child: ChildProcess) => {
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
};

/** Measure the server and the floor beside two live writers. */
export async function measureServerOpen(options: { sizeMb?: number; seconds?: number; cli?: string }, log: (line: string) => void): Promise<ServerOpenReport> {
  const sizeMb = options.sizeMb ?? 500;
  const seconds = options.seconds ?? 15;
  const cli = options.cli ?? join(ROOT, 'out', 'main', 'cli.js');
  readFileSync(PAGE); // the built page must exist: `npx electron-vite build` first
  const { closedDb } = ensureDatabase(sizeMb, log);
  mkdirSync(CACHE, { recursive: true });
  const scratch = mkdtempSync(join(CACHE, 'server-'));
  const root = join(scratch, 'root');
  mkdirSync(root);
  const writers: ScriptWriter[] = [];
  const ticking: NodeJS.Timeout[] = [];
  try {
    for (const name of ['alpha', 'beta']) {
      const made = freshDataDir(closedDb, scratch);
      const dataDir = join(root, name, '.little-workflow');
      mkdirSync(join(root, name));
      renameSync(made, dataDir);
      const writer = await startScriptWriter(dataDir);
      writers.push(writer);
      await writer.append([{ runId: `run_live_${name}`, type: 'RunStarted', payload: { workflowVersionId: 'wfver_live', label: 'live' } }]);
      let i = 0;
      ticking.push(setInterval(() => void writer.append([{ runId: `run_live_${name}`, type: 'StepScheduled', payload: { stepPath: `s${i++}` } }]), 100));
    }
    const env = { ...process.env, TMPDIR: mkdtempSync(join(scratch, 'tmp-')) };

    log(`floor: a bare node:http server beside two live ${sizeMb} MB data dirs`);
    const floorServer = await startServer(['-e', FLOOR_SERVER, PAGE], env);
    const floorAsks = { page: [] as number[], call: [] as number[] };
    try {
      await probe(floorServer.target, seconds, floorAsks);
    } finally {
      await stop(floorServer.child);
    }

    log(`serve ${root} (${cli})`);
    const cliArgs = cli.endsWith('.ts') ? tsxNodeArgs(cli, []) : [cli];
    const started = performance.now();
    const server = await startServer([...cliArgs, 'serve', root, '--port', '0', '--state-dir', mkdtempSync(join(scratch, 'state-')), '--cache-dir', mkdtempSync(join(scratch, 'cache-'))], env);
    const asks = { page: [] as number[], call: [] as number[], at: [] as number[] };
    let openedInMs: number | null = null;
    // library.current answers once the open under way has ended: asked at once, it times the open.
    let settledAt: number | null = null;
    void timed(server.target, 'POST', '/api/call/library.current', '{}').then(
      (answer) => {
        settledAt = performance.now();
        if (answer.text.includes('run_live_alpha') && answer.text.includes('run_live_beta')) openedInMs = Math.round(settledAt - started);
      },
      (error: unknown) => console.error(`[bench] library.current failed: ${String(error)}`),
    );
    try {
      // Probed through the open and 5 s past its end, while the live observer starts on both dirs.
      await probe(server.target, seconds, asks, () => settledAt !== null && performance.now() > settledAt + 5_000);
    } finally {
      await stop(server.child);
    }
    const page = figures(asks.page);
    const call = figures(asks.call);
    // Where the slowest exchange sat: before or after the open's end (the live observer's start is after).
    const worst = asks.page.map((ms, i) => ({ ms: Math.max(ms, asks.call[i] ?? 0), at: asks.at[i] })).sort((a, b) => b.ms - a.ms)[0];
    const slowest = worst === undefined ? null : { ms: Math.round(worst.ms), sinceStartMs: Math.round(worst.at - started), sinceOpenEndMs: settledAt === null ? null : Math.round(worst.at - settledAt) };
    const floor = figures([...floorAsks.page, ...floorAsks.call]);
    const ratio = (p95: number) => Math.round((p95 / Math.max(0.1, floor.p95Ms)) * 10) / 10;
    return { sizeMb, dataDirs: 2, seconds, cli, openedInMs, slowest, page, call, floor, pageRatio: ratio(page.p95Ms), callRatio: ratio(call.p95Ms), goalP95Ms: 100 };
  } finally {
    for (const t of ticking) clearInterval(t);
    for (const w of writers) await w.kill();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The section's lines for the bench's output. */
export function formatServerOpen(r: ServerOpenReport): string[] {
  return [
    `server beside ${r.dataDirs} live ${r.sizeMb} MB data dirs, probed from its first line until 5 s after its open ended (at least ${r.seconds} s; serve = ${r.cli})`,
    `  opened (both dirs listed) after ${r.openedInMs === null ? 'not within the window' : `${r.openedInMs} ms`}`,
    `  slowest exchange ${r.slowest?.ms ?? '-'} ms, ${r.slowest?.sinceStartMs ?? '-'} ms after the start (${r.slowest?.sinceOpenEndMs ?? '-'} ms after the open ended)`,
    `  page  p50 ${r.page.p50Ms} ms, p95 ${r.page.p95Ms} ms, max ${r.page.maxMs} ms (${r.page.samples} asks) = ${r.pageRatio}x the floor's p95`,
    `  call  p50 ${r.call.p50Ms} ms, p95 ${r.call.p95Ms} ms, max ${r.call.maxMs} ms (${r.call.samples} asks) = ${r.callRatio}x the floor's p95`,
    `  floor p95 ${r.floor.p95Ms} ms (a bare node:http server, same writers) | goal: p95 < ${r.goalP95Ms} ms`,
  ];
}
