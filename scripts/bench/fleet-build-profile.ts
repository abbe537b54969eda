/**
 * The fleet index build alone, for profiling (`npx tsx scripts/bench/fleet-build-profile.ts <runs> [root]`,
 * under `node --cpu-prof` to see where the build's time goes): the bare-scan floor, the build, their ratio.
 * Not part of `npm run bench` (fleet-search.ts measures the same build there).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { discoverFleet, updateFleetIndex } from '../../src-main/fleet/index-build';
import { indexFilePath, openIndexForWrite } from '../../src-main/fleet/index-file';
import { bareScan } from './fleet-search';
import { writeRunLibrary } from './run-library';

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 1000);
  // A root kept between runs (the second argument): generated once, so a profile shows the build alone.
  const kept = process.argv[3];
  const root = kept ?? mkdtempSync(join(tmpdir(), 'li-fleet-profile-'));
  const cache = mkdtempSync(join(tmpdir(), 'li-fleet-profile-cache-'));
  try {
    const dirs = [join(root, 'a', '.little-workflow'), join(root, 'b', '.little-workflow')];
    if (!existsSync(dirs[0])) for (const dir of dirs) writeRunLibrary(dir, Math.ceil(runs / 2));
    bareScan(dirs);
    // Builds after the first run warm; interleaved with the floor, each ratio is of one pair.
    for (let round = 0; round < Number(process.env.ROUNDS ?? 1); round += 1) {
      const floor = bareScan(dirs);
      const db = openIndexForWrite(indexFilePath(join(cache, String(round)), root));
      if (!db.ok) throw new Error(db.error.message);
      const found = discoverFleet(root);
      if (!found.ok) throw new Error(found.error.message);
      const start = performance.now();
      const cpu = process.cpuUsage();
      const stats = await updateFleetIndex(db.value, found.value, { table: BUNDLED_PRICE_TABLE });
      const buildMs = performance.now() - start;
      const { user, system } = process.cpuUsage(cpu);
      db.value.close();
      console.log(`${stats.runs} runs, ${floor.rows} events: floor ${floor.ms.toFixed(1)} ms, build ${buildMs.toFixed(1)} ms (CPU ${((user + system) / 1000).toFixed(0)} ms), ${(buildMs / floor.ms).toFixed(2)}x`);
    }
  } finally {
    if (kept === undefined) rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
}

void main();
