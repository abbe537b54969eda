// electron-builder configuration (docs/PACKAGING.md): what goes into the desktop packages.
//
// The package holds the built app only: electron-vite's out/ (main, preload, renderer; every
// runtime dependency is bundled into it, so no node_modules ship), package.json, and the
// example data dir the app opens when it has nothing else. SQLite comes from Electron's own
// node:sqlite, so no native module is rebuilt or unpacked. Fuses are flipped in afterPack.
'use strict';

/** The `little-inspector` data formats a file manager can hand to the app (macOS and Linux only; see docs). */
const dataFileAssociations = [
  { ext: 'db', name: 'little-workflow event log', description: 'little-workflow events.db', mimeType: 'application/vnd.little-workflow.events+sqlite', role: 'Viewer', rank: 'Alternate' },
  { ext: 'jsonl', name: 'loopctl ledger', description: 'loopctl trajectory.jsonl', mimeType: 'application/vnd.loopctl.trajectory+jsonl', role: 'Viewer', rank: 'Alternate' },
];

/** @type {import('app-builder-lib').Configuration} */
module.exports = {
  appId: 'dev.littleworkflow.inspector',
  productName: 'Little Inspector',
  copyright: 'Apache-2.0',
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
  asarUnpack: ['examples/demo/**/*', 'out/main/run-detail-worker.js'],
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
    fileAssociations: dataFileAssociations,
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
    fileAssociations: dataFileAssociations,
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
