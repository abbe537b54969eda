import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layering rules of docs/ARCHITECTURE.md are lint rules; prove each one fires.
const eslint = new ESLint({ cwd: join(__dirname, '..') });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(__dirname, '..', filePath) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

/** A module of `file` that imports `specifier` (what the layering rule judges). */
const importOf = (specifier: string) => `import { x } from '${specifier}';\nexport const y = x;\n`;
const LAYERING = 'local/layering';

describe('layering lint rules', () => {
  it('lets ipcMain into src-main/electron/ipc.ts and ipcRenderer into the preload', async () => {
    expect(await ruleIds('src-main/electron/ipc.ts', "import { ipcMain } from 'electron';\nexport const i = ipcMain;\n")).not.toContain('no-restricted-imports');
    expect(await ruleIds('src-main/electron/preload/index.ts', "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;\n")).not.toContain('no-restricted-imports');
  });

  it('accepts pure shared code, and our own folders named like built-ins', async () => {
    expect(await ruleIds('shared/x.ts', "import { z } from 'zod';\nexport const s = z.string();\n")).toEqual([]);
    expect(await ruleIds('shared/fold/x.ts', "import type { EventEnvelope } from '../events/envelope';\nexport type E = EventEnvelope;\n")).toEqual([]);
  });
});

describe('the import rules and the layers inside each process (LAYERS in eslint.config.mjs)', () => {
  // [whether `rule` fires (rejects) or not (accepts), what, the file, the code written in it, rule].
  it.each([
    ['rejects', 'a Node built-in in shared/', 'shared/x.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n", 'no-restricted-imports'],
    ['rejects', 'electron in shared/', 'shared/x.ts', "import { app } from 'electron';\nexport const a = app;\n", 'no-restricted-imports'],
    ['rejects', 'react in shared/', 'shared/x.ts', "import { useState } from 'react';\nexport const u = useState;\n", 'no-restricted-imports'],
    ['rejects', 'a DOM global in shared/', 'shared/x.ts', 'export const w = window.location;\n', 'no-restricted-globals'],
    ['rejects', 'process in shared/', 'shared/x.ts', 'export const e = process.env;\n', 'no-restricted-globals'],
    ['rejects', 'src-main from the renderer', 'src-renderer/x.ts', "import { a } from '../src-main/app-paths';\nexport const b = a;\n", 'no-restricted-imports'],
    ['rejects', 'the renderer from src-main', 'src-main/x.ts', "import { a } from '../src-renderer/api';\nexport const b = a;\n", 'no-restricted-imports'],
    ['rejects', 'raw ipcMain outside src-main/electron/ipc.ts', 'src-main/x.ts', "import { ipcMain } from 'electron';\nexport const i = ipcMain;\n", 'no-restricted-imports'],
    ['rejects', 'ipcRenderer outside the preload', 'src-renderer/x.ts', "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;\n", 'no-restricted-imports'],
    ['rejects', 'a bare built-in name in shared/', 'shared/x.ts', "import { EventEmitter } from 'events';\nexport const e = EventEmitter;\n", 'no-restricted-imports'],
    ['rejects', 'a bare built-in name in the renderer', 'src-renderer/x.ts', "import { join } from 'path';\nexport const j = join;\n", 'no-restricted-imports'],
    // The layers (LAYERS): an import of each edge.
    ['rejects', 'sources -> live', 'src-main/sources/little-workflow/x.ts', importOf('../../live/live-observer'), LAYERING],
    ['rejects', 'live -> library', 'src-main/live/x.ts', importOf('../library/library'), LAYERING],
    ['rejects', 'export -> library', 'src-main/export/x.ts', importOf('../library/run-service'), LAYERING],
    ['rejects', 'library -> web', 'src-main/library/x.ts', importOf('../web/web-server'), LAYERING],
    ['rejects', 'library -> electron glue', 'src-main/library/x.ts', importOf('../electron/window-factory'), LAYERING],
    ['rejects', 'web -> sources (the glue goes through the library)', 'src-main/web/x.ts', importOf('../sources/registry'), LAYERING],
    ['rejects', 'electron glue -> live', 'src-main/electron/x.ts', importOf('../live/live-observer'), LAYERING],
    ['rejects', 'workers -> web', 'src-main/workers/x.ts', importOf('../web/web-server'), LAYERING],
    ['rejects', 'a root helper -> library', 'src-main/app-url.ts', importOf('./library/library'), LAYERING],
    ['rejects', 'views -> the web transport', 'src-renderer/views/run/x.tsx', importOf('../../web/push-stream'), LAYERING],
    ['rejects', 'stores -> components', 'src-renderer/stores/x.ts', importOf('../components/status-badge'), LAYERING],
    ['rejects', 'components -> stores', 'src-renderer/components/x.tsx', importOf('../stores/run-store'), LAYERING],
    ['rejects', 'api -> stores', 'src-renderer/api.ts', importOf('./stores/run-store'), LAYERING],
    ['rejects', 'a layer -> a folder the table does not know', 'src-main/library/x.ts', importOf('../new-room/thing'), LAYERING],
    ['accepts', 'sources -> shared', 'src-main/sources/fs/x.ts', importOf('../../../shared/diagnostics'), LAYERING],
    ['accepts', 'live -> sources', 'src-main/live/x.ts', importOf('../sources/registry'), LAYERING],
    ['accepts', 'library -> live', 'src-main/library/x.ts', importOf('../live/live-library'), LAYERING],
    ['accepts', 'web -> library', 'src-main/web/x.ts', importOf('../library/invoke-channel'), LAYERING],
    ['accepts', 'electron glue -> library', 'src-main/electron/x.ts', importOf('../library/library'), LAYERING],
    ['accepts', 'within one layer', 'src-main/sources/loopctl/x.ts', importOf('../little-workflow/store-types'), LAYERING],
    ['accepts', 'views -> stores and components', 'src-renderer/views/run/x.tsx', importOf('../../stores/run-store'), LAYERING],
    ['accepts', 'stores -> api', 'src-renderer/stores/x.ts', importOf('../api'), LAYERING],
    ['accepts', 'the composition root -> anything in its process', 'src-renderer/app.tsx', importOf('./views/library/run-tree'), LAYERING],
    ['accepts', 'a test -> test support', 'src-main/library/x.test.ts', importOf('../../test/support/live-writer'), LAYERING],
    ['accepts', 'a layer -> package.json', 'src-main/library/x.ts', importOf('../../package.json'), LAYERING],
    ['rejects', 'test support, scripts and e2e from production code in main', 'src-main/library/x.ts', importOf('../../test/support/live-writer'), LAYERING],
    ['rejects', 'test support, scripts and e2e from production code in the renderer', 'src-renderer/views/library/x.ts', importOf('../../../test/support/library-runs'), LAYERING],
    ['rejects', 'test support, scripts and e2e from production code in shared', 'shared/run/x.ts', importOf('../../scripts/fixtures/writer/event-log'), LAYERING],
    ['rejects', 'test support, scripts and e2e from production code in a glue folder', 'src-main/cli/x.ts', importOf('../../e2e/live/live-writer-process'), LAYERING],
    // Issue 32: the table has no `today:` edges; each row that changed with it fires.
    ['rejects', 'library -> workers (the composition hands the pool in)', 'src-main/library/x.ts', importOf('../workers/run-detail-pool'), LAYERING],
    ['rejects', 'library -> the composition above it', 'src-main/library/x.ts', importOf('../core/inspector-core'), LAYERING],
    ['rejects', 'the composition -> web', 'src-main/core/x.ts', importOf('../web/web-server'), LAYERING],
    ['rejects', 'workers -> the composition', 'src-main/workers/x.ts', importOf('../core/inspector-core'), LAYERING],
    ['rejects', 'cli -> sources (it asks the library)', 'src-main/cli/commands/x.ts', importOf('../../sources/little-workflow/data-dir-reader'), LAYERING],
    ['rejects', 'cli -> live (tail asks the library)', 'src-main/cli/commands/x.ts', importOf('../../live/live-observer'), LAYERING],
    ['rejects', 'stores -> views', 'src-renderer/stores/x.ts', importOf('../views/library/run-tree'), LAYERING],
    ['rejects', 'a view -> the api', 'src-renderer/views/overview/x.tsx', importOf('../../api'), LAYERING],
    ['rejects', 'a new file beside a view still pending -> the api', 'src-renderer/views/export/x.tsx', importOf('../../api'), LAYERING],
    ['rejects', 'the sessions panel -> the api (it asks its store now)', 'src-renderer/views/sessions/sessions-panel.tsx', importOf('../../api'), LAYERING],
    ['rejects', 'shared/pricing -> the fold above it', 'shared/pricing/x.ts', importOf('../fold/run-state-types'), LAYERING],
    ['rejects', 'shared/fold -> run', 'shared/fold/x.ts', importOf('../run/run-key'), LAYERING],
    ['rejects', 'shared/fold -> status', 'shared/fold/x.ts', importOf('../status/display-status'), LAYERING],
    ['rejects', 'shared/report -> run', 'shared/report/x.ts', importOf('../run/run-detail-types'), LAYERING],
    ['rejects', 'shared/status -> timeline', 'shared/status/x.ts', importOf('../timeline/timeline-types'), LAYERING],
    ['rejects', 'shared/status -> run', 'shared/status/x.ts', importOf('../run/run-key'), LAYERING],
    ['rejects', 'shared/timeline -> run', 'shared/timeline/x.ts', importOf('../run/run-key'), LAYERING],
    ['rejects', 'shared/costs -> run', 'shared/costs/x.ts', importOf('../run/run-detail-types'), LAYERING],
    ['rejects', 'shared/run -> report-export', 'shared/run/x.ts', importOf('../report-export/run-export-types'), LAYERING],
    ['rejects', 'shared/redact -> run', 'shared/redact/x.ts', importOf('../run/run-key'), LAYERING],
    ['accepts', 'the composition -> workers and library', 'src-main/core/x.ts', importOf('../workers/run-detail-pool'), LAYERING],
    ['accepts', 'workers -> library (its interfaces)', 'src-main/workers/x.ts', importOf('../library/run-builds'), LAYERING],
    ['accepts', 'cli -> the library facade', 'src-main/cli/commands/x.ts', importOf('../../library/data-dir-logs'), LAYERING],
    ['accepts', 'cli -> the composition', 'src-main/cli/commands/x.ts', importOf('../../core/inspector-core'), LAYERING],
    ['accepts', 'web -> the composition', 'src-main/web/x.ts', importOf('../core/inspector-core'), LAYERING],
    ['accepts', 'views -> the stores that call the api', 'src-renderer/views/fleet/x.tsx', importOf('../../stores/fleet-store'), LAYERING],
    ['accepts', 'a view still pending -> the api, for now', 'src-renderer/views/export/use-run-export.ts', importOf('../../api'), LAYERING],
    ['accepts', 'shared/fold -> pricing', 'shared/fold/x.ts', importOf('../pricing/usage-totals'), LAYERING],
    ['accepts', 'shared/fold -> the rest of shared', 'shared/fold/x.ts', importOf('../diagnostics'), LAYERING],
    ['accepts', 'shared/timeline -> status', 'shared/timeline/x.ts', importOf('../status/display-status'), LAYERING],
    ['accepts', 'shared/run -> costs and timeline', 'shared/run/x.ts', importOf('../costs/cost-data'), LAYERING],
    ['accepts', 'shared/report-export -> run', 'shared/report-export/x.ts', importOf('../run/run-detail-types'), LAYERING],
    ['accepts', 'the rest of shared (the contract) -> run', 'shared/x.ts', importOf('./run/run-detail-types'), LAYERING],
    ['accepts', 'a process layer -> any inner layer of shared', 'src-main/engine/x.ts', importOf('../../shared/run/run-accumulator'), LAYERING],
  ])('%s %s', async (verdict, _name, filePath, code, rule) => {
    expect((await ruleIds(filePath, code)).includes(rule)).toBe(verdict === 'rejects');
  });

  it('allows electron only in src-main/electron/', async () => {
    for (const filePath of ['src-main/library/x.ts', 'src-main/web/x.ts', 'src-main/cli/x.ts', 'src-main/x.ts']) {
      expect(await ruleIds(filePath, "import { app } from 'electron';\nexport const a = app;\n"), filePath).toContain('no-restricted-imports');
    }
    expect(await ruleIds('src-main/electron/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([]);
    expect(await ruleIds('src-main/electron/x.ts', "import { ipcMain } from 'electron';\nexport const i = ipcMain;\n")).toContain('no-restricted-imports');
  });
});
