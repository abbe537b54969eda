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
import { bareScan, cpuMs } from './fleet-search';
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
      const floorCpu = process.cpuUsage();
      const floor = bareScan(dirs);
      const floorCpuMs = cpuMs(process.cpuUsage(floorCpu));
      const db = openIndexForWrite(indexFilePath(join(cache, String(round)), root));
      if (!db.ok) throw new Error(db.error.message);
      const found = discoverFleet(root);
      if (!found.ok) throw new Error(found.error.message);
      const start = performance.now();
      const cpu = process.cpuUsage();
      const stats = await updateFleetIndex(db.value, found.value, { table: BUNDLED_PRICE_TABLE });
      const buildMs = performance.now() - start;
      const buildCpuMs = cpuMs(process.cpuUsage(cpu));
      db.value.close();
      // CPU times too: on a shared machine the wall-clock ratio moves with the neighbours' load.
      console.log(
        `${stats.runs} runs, ${floor.rows} events: floor ${floor.ms.toFixed(1)} ms (CPU ${floorCpuMs.toFixed(0)}), build ${buildMs.toFixed(1)} ms (CPU ${buildCpuMs.toFixed(0)}): ${(buildMs / floor.ms).toFixed(2)}x wall, ${(buildCpuMs / floorCpuMs).toFixed(2)}x CPU`,
      );
    }
  } finally {
    if (kept === undefined) rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
}

void main();
