#!/usr/bin/env node
// `little-inspector` launcher: runs the bundled CLI, building it first on a fresh checkout.
'use strict';
const { existsSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
const cli = join(root, 'out', 'main', 'cli.js');
if (!existsSync(cli)) {
  const build = spawnSync(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0 || !existsSync(cli)) {
    process.stderr.write('little-inspector: the CLI is not built and "electron-vite build" failed; run "npm run build".\n');
    process.exit(2);
  }
}
require(cli);
