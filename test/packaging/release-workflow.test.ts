// The release workflow is only exercised on a hosted CI; here: it parses, triggers on version
// tags, builds every platform with the same npm scripts as a dev machine, and uploads the packages.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
// js-yaml arrives with electron-builder (app-builder-lib parses its own YAML with it).
const yaml = require('js-yaml') as { load(text: string): unknown };
const root = join(__dirname, '..', '..');

type Step = { run?: string; uses?: string; with?: Record<string, string> };
type Workflow = {
  on: { push: { tags: string[] } };
  jobs: Record<string, { 'runs-on': string; needs?: string; strategy?: { matrix: { include: { os: string; flags: string }[] } }; steps: Step[] }>;
};
const workflow = yaml.load(readFileSync(join(root, '.github', 'workflows', 'release.yml'), 'utf8')) as Workflow;

describe('release workflow', () => {
  it('runs on version tags', () => {
    expect(workflow.on.push.tags).toEqual(['v*.*.*']);
  });

  it('builds Linux, macOS and Windows with npm ci and npm run dist, and uploads what they made', () => {
    const job = workflow.jobs.package;
    const matrix = job.strategy!.matrix.include;
    expect(matrix.map((entry) => entry.os.split('-')[0]).sort()).toEqual(['macos', 'ubuntu', 'windows']);
    expect(matrix.map((entry) => entry.flags.split(' ')[0]).sort()).toEqual(['--linux', '--mac', '--win']);
    const runs = job.steps.map((step) => step.run ?? '');
    expect(runs.some((run) => run.startsWith('npm ci'))).toBe(true);
    expect(runs.some((run) => run.startsWith('npm run dist'))).toBe(true);
    expect(runs.some((run) => run.includes('@electron/fuses read'))).toBe(true);
    const upload = job.steps.find((step) => step.uses?.startsWith('actions/upload-artifact'))!;
    for (const ext of ['AppImage', 'deb', 'dmg', 'zip', 'exe']) expect(upload.with!.path).toContain(`dist/*.${ext}`);
  });

  it('attaches every package to a release once all platforms are built', () => {
    const release = workflow.jobs.release;
    expect(release.needs).toBe('package');
    expect(release.steps.some((step) => step.run?.includes('gh release create'))).toBe(true);
  });

  it('npm run dist is the dist script', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.dist).toBe('node scripts/dist.mjs');
  });
});

describe('icon', () => {
  it('is a 1024x1024 RGBA PNG (electron-builder needs at least 512 for macOS)', () => {
    const png = readFileSync(join(root, 'build', 'icon.png'));
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([1024, 1024, 8, 6]);
  });
});
