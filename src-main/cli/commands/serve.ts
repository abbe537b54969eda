/**
 * `little-inspector serve [dataDir] [--port N] [--open] [--price-tables DIR] [--state-dir DIR]
 * [--cache-dir DIR | --no-cache]`:
 * the UI in a browser on loopback. The pricing bar loads tables only from `--price-tables` (none
 * without it). Notes and remembered settings live in the state folder (state-dir-arg.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { exampleDataDir, rendererDir } from '../../app-paths';
import { createInspectorCore, type InspectorCore } from '../../core/inspector-core';
import type { Result } from '../../../shared/diagnostics';
import type { LibrarySnapshot } from '../../../shared/library';
import { playwrightPdf } from '../../export/pdf-playwright';
import { startWebServer } from '../../web/web-server';
import { parseArgs, parsePort, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { formatDiagnostic } from '../format-diagnostic';
import { appTraceSender } from '../../otlp/send-from-app';
import { stateDirArg } from '../state-dir-arg';
import { CACHE_FLAGS, CACHE_USAGE, cacheDirArg } from '../cache-arg';

/** Start browser mode and keep serving until SIGINT/SIGTERM. */
export async function serveCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { port: true, open: false, help: false, 'price-tables': true, 'state-dir': true, ...CACHE_FLAGS });
  if (flags.help) {
    io.stdout(`Usage: little-inspector serve [dataDir] [--port N] [--open] [--price-tables DIR] [--state-dir DIR] ${CACHE_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`serve takes one data directory, got ${positionals.length}`);
  const port = typeof flags.port === 'string' ? parsePort(flags.port) : 0;
  const state = stateDirArg(flags['state-dir']);
  const target = positionals[0] !== undefined ? resolve(positionals[0]) : exampleDataDir();
  // Fold checkpoints: never inside the opened folder (the store also never writes into a data dir).
  const cacheDir = cacheDirArg(flags, [target]);

  const ui = rendererDir();
  if (!existsSync(join(ui, 'index.html'))) {
    io.stderr(`little-inspector serve: the UI is not built (${ui} is missing); run "npm run build" first.\n`);
    return 2;
  }
  const priceTableFolders = typeof flags['price-tables'] === 'string' ? [resolve(flags['price-tables'])] : [];
  const core = createInspectorCore({ mode: 'browser', initialPath: null, renderPdf: playwrightPdf, priceTableFolders, state, sendTraces: appTraceSender(), cacheDir });
  // Serve as soon as the walk has found data dirs: reading big live ones can take a minute, and
  // the page shows the open's progress meanwhile (library.current waits for it). A target that
  // does not open (missing, nothing in it) still ends here with 2.
  const opening = core.openPath(target);
  const found = await walkedOrAnswered(core, opening);
  if (found !== 'walked' && !found.ok) {
    io.stderr(`little-inspector serve: ${formatDiagnostic(found.error)}\n`);
    core.close();
    return 2;
  }
  void opening.then((answer) => {
    if (!answer.ok && answer.error.code !== 'cancelled') io.stderr(`little-inspector serve: ${formatDiagnostic(answer.error)}\n`);
  });
  const server = await startWebServer({ core, rendererDir: ui, port });
  io.stdout(`Little Inspector (browser mode) serving ${target}\n${server.url}\n`);
  if (flags.open) openBrowser(server.url, io);

  await new Promise<void>((done) => {
    const stop = () => done();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  core.close();
  return 0;
}

function openBrowser(url: string, io: CliIo): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(command, [url], { detached: true, stdio: 'ignore' });
    child.on('error', () => io.stderr(`Could not start a browser (${command}); open the URL above yourself.\n`));
    child.unref();
  } catch {
    io.stderr(`Could not start a browser (${command}); open the URL above yourself.\n`);
  }
}

/** 'walked' once the open's walk has found data dirs (its first `reading` push), else the open's answer if that comes first. */
function walkedOrAnswered(core: InspectorCore, opening: Promise<Result<LibrarySnapshot>>): Promise<'walked' | Result<LibrarySnapshot>> {
  return new Promise((done) => {
    const unsubscribe = core.subscribe((message) => {
      if (message.kind === 'library.opening' && message.progress.phase === 'reading') {
        unsubscribe();
        done('walked');
      }
    });
    void opening.then((answer) => {
      unsubscribe();
      done(answer);
    });
  });
}
