// electron-builder configuration (docs/PACKAGING.md): what goes into the desktop packages.
//
// The package holds the built app only: electron-vite's out/ (main, preload, renderer; every
// runtime dependency is bundled into it, so no node_modules ship), package.json, and the
// example data dir the app opens when it has nothing else. SQLite comes from Electron's own
// node:sqlite, so no native module is rebuilt or unpacked. Fuses are flipped in afterPack.
'use strict';

/**
 * macOS "Open With" for events.db and trajectory.jsonl: the OS matches extensions only, so the
 * app is an Alternate viewer of .db and .jsonl files, never their default (docs/PACKAGING.md).
 */
const macFileAssociations = [
  { ext: 'db', name: 'little-workflow event log', role: 'Viewer', rank: 'Alternate' },
  { ext: 'jsonl', name: 'loopctl ledger', role: 'Viewer', rank: 'Alternate' },
];

/** @type {import('app-builder-lib').Configuration} */
module.exports = {
  appId: 'dev.littleworkflow.inspector',
  productName: 'Little Inspector',
  copyright: 'Copyright © 2026 Little Inspector contributors (Apache-2.0)',
  directories: { output: 'dist', buildResources: 'build' },
  // Everything the app loads at run time, and nothing else. The negations are belt and braces:
  // none of these folders is matched by the positive patterns, and the file-list test proves it.
  files: [
    'out/**/*',
    'package.json',
    'examples/demo/**/*',
    '!node_modules{,/**/*}',
    '!**/*.{ts,tsx,mts,map}',
    '!{src-main,src-renderer,shared,test,e2e,scripts,examples/fixtures,docs,reports,build}{,/**/*}',
  ],
  // Files opened natively (not through Electron's asar-aware fs) must be real files: SQLite opens
  // the example's events.db with its own I/O, and worker threads load their script from disk.
  asarUnpack: ['examples/demo/**/*', 'out/main/run-detail-worker.js', 'out/main/warm-up-log.ndjson.gz', 'out/main/discovery-worker.js', 'out/main/index-worker.js', 'out/main/mirror-copy-worker.js', 'out/main/scan-worker.js', 'out/main/fleet-sql-child.js'],
  asar: true,
  // No native module ships (better-sqlite3 is an optional Node-20 fallback of the CLI only).
  npmRebuild: false,
  nodeGypRebuild: false,
  buildDependenciesFromSource: false,
  // The CLI wrappers that run this app's binary in CLI mode (docs/PACKAGING.md, "The CLI").
  extraResources: [{ from: 'build/cli', to: 'bin', filter: ['little-inspector', 'little-inspector.cmd'] }],
  afterPack: './scripts/packaging/after-pack.cjs',
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Development',
    executableName: 'little-inspector-app',
    icon: 'build/icon.png',
    // Listed in the .desktop file only ("Open With" for SQLite and NDJSON files). No
    // fileAssociations here: electron-builder would install a MIME definition claiming every
    // *.db / *.jsonl file for a new type, changing how the whole desktop classifies them.
    mimeTypes: ['application/vnd.sqlite3', 'application/x-ndjson'],
    desktop: { entry: { StartupWMClass: 'Little Inspector' } },
  },
  deb: {
    // Our own scripts: /usr/bin/little-inspector is the CLI (same commands as npx little-inspector).
    afterInstall: 'build/linux/after-install.sh',
    afterRemove: 'build/linux/after-remove.sh',
  },
  mac: {
    target: ['dmg', 'zip'],
    category: 'public.app-category.developer-tools',
    icon: 'build/icon.png',
    fileAssociations: macFileAssociations,
  },
  win: {
    target: ['nsis'],
    icon: 'build/icon.png',
    // No file associations: Windows associates by extension only, and claiming every .db and
    // .jsonl file would take them from the user's other tools.
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
  },
  publish: null,
};
