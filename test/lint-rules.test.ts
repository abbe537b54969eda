import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layering rules of docs/ARCHITECTURE.md are lint rules; prove each one fires.
const eslint = new ESLint({ cwd: join(__dirname, '..') });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(__dirname, '..', filePath) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('layering lint rules', () => {
  it('rejects a Node built-in in shared/', async () => {
    expect(await ruleIds('shared/x.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n")).toContain('no-restricted-imports');
  });
  it('rejects electron and react in shared/', async () => {
    expect(await ruleIds('shared/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toContain('no-restricted-imports');
    expect(await ruleIds('shared/x.ts', "import { useState } from 'react';\nexport const u = useState;\n")).toContain('no-restricted-imports');
  });
  it('rejects DOM and process globals in shared/', async () => {
    expect(await ruleIds('shared/x.ts', 'export const w = window.location;\n')).toContain('no-restricted-globals');
    expect(await ruleIds('shared/x.ts', 'export const e = process.env;\n')).toContain('no-restricted-globals');
  });
  it('rejects src-main imports from the renderer and the reverse', async () => {
    expect(await ruleIds('src-renderer/x.ts', "import { a } from '../src-main/app-paths';\nexport const b = a;\n")).toContain('no-restricted-imports');
    expect(await ruleIds('src-main/x.ts', "import { a } from '../src-renderer/api';\nexport const b = a;\n")).toContain('no-restricted-imports');
  });
  it('rejects raw ipcMain outside src-main/electron/ipc.ts and ipcRenderer outside the preload', async () => {
    expect(await ruleIds('src-main/x.ts', "import { ipcMain } from 'electron';\nexport const i = ipcMain;\n")).toContain('no-restricted-imports');
    expect(await ruleIds('src-renderer/x.ts', "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;\n")).toContain('no-restricted-imports');
    expect(await ruleIds('src-main/electron/ipc.ts', "import { ipcMain } from 'electron';\nexport const i = ipcMain;\n")).not.toContain('no-restricted-imports');
    expect(await ruleIds('src-main/electron/preload/index.ts', "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;\n")).not.toContain('no-restricted-imports');
  });
  it('accepts pure shared code', async () => {
    expect(await ruleIds('shared/x.ts', "import { z } from 'zod';\nexport const s = z.string();\n")).toEqual([]);
  });
});

describe('layering lint rules, second half', () => {
  it('rejects bare built-in names but not our own folders named like them', async () => {
    expect(await ruleIds('shared/x.ts', "import { EventEmitter } from 'events';\nexport const e = EventEmitter;\n")).toContain('no-restricted-imports');
    expect(await ruleIds('shared/fold/x.ts', "import type { EventEnvelope } from '../events/envelope';\nexport type E = EventEnvelope;\n")).toEqual([]);
    expect(await ruleIds('src-renderer/x.ts', "import { join } from 'path';\nexport const j = join;\n")).toContain('no-restricted-imports');
  });
});

describe('layers inside each process (LAYERS in eslint.config.mjs)', () => {
  const imports = (filePath: string, specifier: string) => ruleIds(filePath, `import { x } from '${specifier}';\nexport const y = x;\n`);

  it.each([
    ['sources -> live', 'src-main/sources/little-workflow/x.ts', '../../live/live-observer'],
    ['live -> library', 'src-main/live/x.ts', '../library/library'],
    ['export -> library', 'src-main/export/x.ts', '../library/run-service'],
    ['library -> web', 'src-main/library/x.ts', '../web/web-server'],
    ['library -> electron glue', 'src-main/library/x.ts', '../electron/window-factory'],
    ['web -> sources (the glue goes through the library)', 'src-main/web/x.ts', '../sources/registry'],
    ['electron glue -> live', 'src-main/electron/x.ts', '../live/live-observer'],
    ['workers -> web', 'src-main/workers/x.ts', '../web/web-server'],
    ['a root helper -> library', 'src-main/app-url.ts', './library/library'],
    ['views -> the web transport', 'src-renderer/views/run/x.tsx', '../../web/push-stream'],
    ['stores -> components', 'src-renderer/stores/x.ts', '../components/status-badge'],
    ['components -> stores', 'src-renderer/components/x.tsx', '../stores/run-store'],
    ['api -> stores', 'src-renderer/api.ts', './stores/run-store'],
    ['a layer -> a folder the table does not know', 'src-main/library/x.ts', '../new-room/thing'],
  ])('rejects %s', async (_name, filePath, specifier) => {
    expect(await imports(filePath, specifier)).toContain('local/layering');
  });

  it.each([
    ['sources -> shared', 'src-main/sources/fs/x.ts', '../../../shared/diagnostics'],
    ['live -> sources', 'src-main/live/x.ts', '../sources/registry'],
    ['library -> live', 'src-main/library/x.ts', '../live/live-library'],
    ['web -> library', 'src-main/web/x.ts', '../library/invoke-channel'],
    ['electron glue -> library', 'src-main/electron/x.ts', '../library/library'],
    ['within one layer', 'src-main/sources/loopctl/x.ts', '../little-workflow/store-types'],
    ['views -> stores and components', 'src-renderer/views/run/x.tsx', '../../stores/run-store'],
    ['stores -> api', 'src-renderer/stores/x.ts', '../api'],
    ['the composition root -> anything in its process', 'src-renderer/app.tsx', './views/library/run-tree'],
    ['a test -> test support', 'src-main/library/x.test.ts', '../../test/support/live-writer'],
    ['a layer -> package.json', 'src-main/library/x.ts', '../../package.json'],
  ])('accepts %s', async (_name, filePath, specifier) => {
    expect(await imports(filePath, specifier)).not.toContain('local/layering');
  });

  it.each([
    ['main', 'src-main/library/x.ts', '../../test/support/live-writer'],
    ['the renderer', 'src-renderer/views/library/x.ts', '../../../test/support/library-runs'],
    ['shared', 'shared/run/x.ts', '../../scripts/fixtures/writer/event-log'],
    ['a glue folder', 'src-main/cli/x.ts', '../../e2e/live/live-writer-process'],
  ])('rejects test support, scripts and e2e from production code in %s', async (_name, filePath, specifier) => {
    expect(await imports(filePath, specifier)).toContain('local/layering');
  });

  // Issue 32: the table has no `today:` edges; each row that changed with it fires.
  it.each([
    ['library -> workers (the composition hands the pool in)', 'src-main/library/x.ts', '../workers/run-detail-pool'],
    ['library -> the composition above it', 'src-main/library/x.ts', '../core/inspector-core'],
    ['the composition -> web', 'src-main/core/x.ts', '../web/web-server'],
    ['workers -> the composition', 'src-main/workers/x.ts', '../core/inspector-core'],
    ['cli -> sources (it asks the library)', 'src-main/cli/commands/x.ts', '../../sources/little-workflow/data-dir-reader'],
    ['cli -> live (tail asks the library)', 'src-main/cli/commands/x.ts', '../../live/live-observer'],
    ['stores -> views', 'src-renderer/stores/x.ts', '../views/library/run-tree'],
    ['a view -> the api', 'src-renderer/views/overview/x.tsx', '../../api'],
    ['a new file beside a view still pending -> the api', 'src-renderer/views/export/x.tsx', '../../api'],
    ['shared/pricing -> the fold above it', 'shared/pricing/x.ts', '../fold/run-state-types'],
    ['shared/fold -> run', 'shared/fold/x.ts', '../run/run-key'],
    ['shared/fold -> status', 'shared/fold/x.ts', '../status/display-status'],
    ['shared/report -> run', 'shared/report/x.ts', '../run/run-detail-types'],
    ['shared/status -> timeline', 'shared/status/x.ts', '../timeline/timeline-types'],
    ['shared/status -> run', 'shared/status/x.ts', '../run/run-key'],
    ['shared/timeline -> run', 'shared/timeline/x.ts', '../run/run-key'],
    ['shared/costs -> run', 'shared/costs/x.ts', '../run/run-detail-types'],
    ['shared/run -> report-export', 'shared/run/x.ts', '../report-export/run-export-types'],
    ['shared/redact -> run', 'shared/redact/x.ts', '../run/run-key'],
  ])('rejects %s', async (_name, filePath, specifier) => {
    expect(await imports(filePath, specifier)).toContain('local/layering');
  });

  it.each([
    ['the composition -> workers and library', 'src-main/core/x.ts', '../workers/run-detail-pool'],
    ['workers -> library (its interfaces)', 'src-main/workers/x.ts', '../library/run-builds'],
    ['cli -> the library facade', 'src-main/cli/commands/x.ts', '../../library/data-dir-logs'],
    ['cli -> the composition', 'src-main/cli/commands/x.ts', '../../core/inspector-core'],
    ['web -> the composition', 'src-main/web/x.ts', '../core/inspector-core'],
    ['views -> the stores that call the api', 'src-renderer/views/fleet/x.tsx', '../../stores/fleet-store'],
    ['a view still pending -> the api, for now', 'src-renderer/views/export/use-run-export.ts', '../../api'],
    ['shared/fold -> pricing', 'shared/fold/x.ts', '../pricing/usage-totals'],
    ['shared/fold -> the rest of shared', 'shared/fold/x.ts', '../diagnostics'],
    ['shared/timeline -> status', 'shared/timeline/x.ts', '../status/display-status'],
    ['shared/run -> costs and timeline', 'shared/run/x.ts', '../costs/cost-data'],
    ['shared/report-export -> run', 'shared/report-export/x.ts', '../run/run-detail-types'],
    ['the rest of shared (the contract) -> run', 'shared/x.ts', './run/run-detail-types'],
    ['a process layer -> any inner layer of shared', 'src-main/engine/x.ts', '../../shared/run/run-accumulator'],
  ])('accepts %s', async (_name, filePath, specifier) => {
    expect(await imports(filePath, specifier)).not.toContain('local/layering');
  });

  it('allows electron only in src-main/electron/', async () => {
    for (const filePath of ['src-main/library/x.ts', 'src-main/web/x.ts', 'src-main/cli/x.ts', 'src-main/x.ts']) {
      expect(await ruleIds(filePath, "import { app } from 'electron';\nexport const a = app;\n"), filePath).toContain('no-restricted-imports');
    }
    expect(await ruleIds('src-main/electron/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([]);
    expect(await ruleIds('src-main/electron/x.ts', "import { ipcMain } from 'electron';\nexport const i = ipcMain;\n")).toContain('no-restricted-imports');
  });
});
