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
