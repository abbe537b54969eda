/**
 * A core over a data dir a test file writes itself, for the export tests: the proof that nothing
 * the file does through the core writes into the data dir comes with it.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { ok } from '../../shared/diagnostics';
import type { InspectorCore } from '../../src-main/core/inspector-core';
import { hashTree } from './hash-tree';
import { openedCore } from './opened-core';

/**
 * Before the file's tests: `write` the data dir, then open a core over it (no live observer, a stub
 * bundle viewer). After them: close it and check the data dir is byte-identical to what it opened.
 * Returns the opened core (call it inside a test).
 */
export function unchangedCoreOver(dataDir: string, write: () => void): () => InspectorCore {
  let core: InspectorCore | undefined;
  let before: Record<string, string>;
  beforeAll(async () => {
    write();
    before = hashTree(dataDir);
    core = await openedCore(dataDir, { live: false, bundleViewer: () => ok({ script: 'void 0', style: '' }) });
  });
  afterAll(() => {
    core?.close();
    expect(hashTree(dataDir)).toEqual(before);
  });
  return () => {
    if (core === undefined) throw new Error('the core is opened before the tests');
    return core;
  };
}
