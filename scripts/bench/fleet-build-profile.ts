/**
 * The fleet index build alone, for profiling (`npx tsx scripts/bench/fleet-build-profile.ts <runs> [root]`,
 * under `node --cpu-prof` to see where the build's time goes): the bare-scan floor, the build, their ratio.
 * Not part of `npm run bench` (fleet-search.ts measures the same build there).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexFilePath } from '../../src-main/fleet/index-file';
import { bareScan, floorThenBuild } from './fleet-search';
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
      const { floor, floorCpuMs, stats, buildMs, buildCpuMs, index } = await floorThenBuild(root, dirs, indexFilePath(join(cache, String(round)), root));
      index.close();
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
