// Lint, including the house's layering rules (docs/ARCHITECTURE.md):
// shared/ is pure; src-main and src-renderer never import each other; inside each process the
// layers follow LAYERS below; `electron` is imported only in src-main/electron/, ipcMain and
// ipcRenderer only by their typed wrappers; production code never imports test support.
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { layeringRule } from './scripts/lint/layering-rule.mjs';

/**
 * The layers inside each process: each key (a folder, or a file without its extension) lists
 * what it may import besides itself; shared/ is below everything. Files outside every key
 * (app.tsx, main.tsx: the renderer's composition root) are not checked. A folder that does not
 * exist yet costs nothing. The table has no exceptions: an edge some files still take while
 * they are rewritten is in PENDING below, for those files only.
 */
const LAYERS = {
  // shared/redact: redaction rules and the redactor, called by every path out of the machine
  // (report-export, otlp, bundles, notes); its adapters read report and span types from shared.
  // shared's inner layers, low to high: pricing -> fold -> report, status -> timeline -> costs ->
  // run -> report-export. `shared` is the rest (the root's contract, events, live, harness-trace,
  // compare…): everything else in shared/ may use it, and it may use them all.
  shared: ['shared/redact', 'shared/pricing', 'shared/fold', 'shared/report', 'shared/status', 'shared/timeline', 'shared/costs', 'shared/run', 'shared/report-export'],
  'shared/redact': ['shared', 'shared/report-export' /* its adapters read the report's types */],
  'shared/pricing': ['shared'],
  'shared/fold': ['shared/pricing', 'shared'],
  'shared/report': ['shared/fold', 'shared/pricing', 'shared'],
  // the one shown status (issue 32): below run/ and timeline/.
  'shared/status': ['shared/fold', 'shared'],
  'shared/timeline': ['shared/status', 'shared/fold', 'shared'],
  'shared/costs': ['shared/report', 'shared/fold', 'shared/pricing', 'shared'],
  'shared/run': ['shared/costs', 'shared/timeline', 'shared/status', 'shared/report', 'shared/fold', 'shared/pricing', 'shared'],
  'shared/report-export': ['shared/run', 'shared/costs', 'shared/timeline', 'shared/status', 'shared/report', 'shared/fold', 'shared/pricing', 'shared'],
  // main: sources -> live -> library -> the glue (workers, web, cli, electron).
  'src-main/sources': ['shared'],
  'src-main/live': ['src-main/sources', 'shared'],
  'src-main/export': ['src-main/sources', 'src-main/app-paths', 'shared', 'shared/redact'],
  // the app's own folders (state, cache): where they are, and never at or inside a data dir.
  'src-main/app-folders': ['shared'],
  // the app's own state folder (settings, notes): never a data dir.
  'src-main/app-state': ['src-main/export', 'src-main/app-folders', 'shared'],
  // a run's fold end to end: the driver, its resume points, the stages, warm-up (docs/ARCHITECTURE.md).
  'src-main/engine': ['src-main/sources', 'src-main/app-folders', 'shared'],
  // the fleet: every run under a root as tables (run-tables.ts), its summary and its Parquet export.
  'src-main/fleet': ['src-main/engine', 'src-main/library', 'src-main/sources', 'src-main/export', 'src-main/app-folders', 'src-main/app-paths' /* the SQL child's script */, 'shared'],
  'src-main/library': ['src-main/engine', 'src-main/live', 'src-main/sources', 'src-main/export', 'src-main/app-state', 'src-main/app-folders', 'shared'],
  'src-main/workers': ['src-main/engine', 'src-main/fleet', 'src-main/library', 'src-main/sources', 'src-main/app-paths', 'shared'],
  // the composition of main: the core every transport calls; it starts the worker threads and
  // hands them to the library as the library's own interfaces (library/run-builds.ts).
  'src-main/core': ['src-main/library', 'src-main/workers', 'src-main/export', 'src-main/live', 'src-main/app-state', 'shared'],
  'src-main/web': ['src-main/core', 'src-main/library', 'src-main/push-coalescer', 'src-main/content-security-policy', 'shared'],
  'src-main/otlp': ['src-main/engine', 'src-main/library', 'src-main/live', 'src-main/sources', 'shared'],
  'src-main/cli': ['src-main/core', 'src-main/engine', 'src-main/fleet', 'src-main/library', 'src-main/export', 'src-main/otlp', 'src-main/web', 'src-main/app-paths', 'src-main/app-state', 'src-main/app-folders', 'shared'],
  'src-main/electron': ['src-main/core', 'src-main/library', 'src-main/export', 'src-main/cli', 'src-main/otlp', 'src-main/app-state', 'src-main/app-folders', 'src-main/app-paths', 'src-main/app-url', 'src-main/push-coalescer', 'src-main/content-security-policy', 'shared'],
  // main's root helpers, used by the glue.
  'src-main/app-paths': ['shared'],
  'src-main/app-url': ['shared'],
  'src-main/push-coalescer': ['shared'],
  'src-main/content-security-policy': ['shared'],
  // renderer: views -> components, stores -> api -> web transport.
  'src-renderer/web': ['shared'],
  // a shared bundle's own transport (answers the channels from the data its page carries).
  'src-renderer/bundle': ['shared'],
  'src-renderer/api': ['src-renderer/web', 'src-renderer/bundle', 'shared'],
  'src-renderer/format': ['shared'],
  'src-renderer/routing': ['shared'],
  'src-renderer/components': ['src-renderer/routing', 'src-renderer/format', 'shared'],
  'src-renderer/stores': ['src-renderer/api', 'src-renderer/routing', 'shared'],
  'src-renderer/keyboard': ['src-renderer/stores', 'src-renderer/views', 'src-renderer/components', 'src-renderer/routing', 'shared'],
  'src-renderer/views': ['src-renderer/components', 'src-renderer/stores', 'src-renderer/routing', 'src-renderer/keyboard', 'src-renderer/format', 'shared'],
};

// The processes' layers that may use shared/ may use all of it: its inner rows order shared/
// only. Inside shared/, whatever may use the rest of shared may use redact (its row keeps it a
// leaf below report-export, otlp and the rest of shared).
const innerShared = Object.keys(LAYERS).filter((key) => key.startsWith('shared/'));
for (const [key, allowed] of Object.entries(LAYERS)) {
  if (!allowed.includes('shared')) continue;
  const more = key === 'shared' || key.startsWith('shared/') ? ['shared/redact'] : innerShared;
  for (const layer of more) if (layer !== key && !allowed.includes(layer)) allowed.push(layer);
}

/**
 * Edges the table no longer has, allowed only to the files listed while they are rewritten (each
 * list only shrinks; an entry goes when its list is empty). No other file can take them.
 */
const PENDING = [
  {
    from: 'src-renderer/views',
    to: 'src-renderer/api',
    why: 'views read stores and only stores call the api; these views are being rewritten (issue 32)',
    files: [
      'src-renderer/views/export/use-run-export', 'src-renderer/views/export/redaction-options',
      'src-renderer/views/sessions/outcomes-section', 'src-renderer/views/sessions/session-items', 'src-renderer/views/sessions/session-view',
      'src-renderer/views/run/timeline-tab',
    ],
  },
];

const layering = {
  root: fileURLToPath(new URL('.', import.meta.url)),
  layers: LAYERS,
  pending: PENDING,
  sourceRoots: ['shared', 'src-main', 'src-renderer'],
  notFromProduction: ['test', 'scripts', 'e2e'],
};

// Bare built-in names go in `paths` (exact match): as gitignore-style patterns, 'events'
// would also match our own '../events/envelope'.
const bareBuiltins = ['fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'url', 'util', 'worker_threads', 'stream', 'events', 'fs/promises'];
const builtinPaths = (message) => bareBuiltins.map((name) => ({ name, message }));

/** A block refusing, in `files` but `ignores`, the imports `paths` (exact names) and `patterns` (globs) name. */
const restrictImports = (files, ignores, paths, patterns) => ({
  files,
  ...(ignores.length > 0 ? { ignores } : {}),
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
});

export default tseslint.config(
  { ignores: ['.tmp/**', 'out/**', 'dist/**', 'node_modules/**', 'reports/**', 'test-results/**', 'examples/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', importNames: ['ipcMain', 'ipcRenderer'], message: 'Use src-main/electron/ipc.ts or the preload: the only IPC wrappers.' }] },
      ],
    },
  },
  {
    files: ['shared/**/*.ts', 'src-main/**/*.ts', 'src-renderer/**/*.{ts,tsx}'],
    plugins: { local: { rules: { layering: layeringRule } } },
    rules: { 'local/layering': ['error', layering] },
  },
  {
    // The launcher is CommonJS on purpose: it must run on any Node before anything is built;
    // electron-builder loads its config and hooks with require().
    files: ['bin/*.cjs', 'scripts/packaging/*.cjs', 'scripts/bench/*.cjs', 'electron-builder.config.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinPaths('shared/ is pure: no Node built-ins.'),
          patterns: [
            { group: ['node:*'], message: 'shared/ is pure: no Node built-ins.' },
            { group: ['electron', 'react', 'react-dom', 'react/*', 'better-sqlite3'], message: 'shared/ is pure: no Electron, React or drivers.' },
            { group: ['**/src-main/**', '**/src-renderer/**'], message: 'shared/ imports nothing from the runtimes.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'require', 'Buffer'],
    },
  },
  restrictImports(['src-renderer/**/*.{ts,tsx}'], [], builtinPaths('The renderer runs in a sandbox: no Node.'), [
    { group: ['**/src-main/**', '**/src-main'], message: 'The renderer reaches main only through src-renderer/api.ts.' },
    { group: ['node:*', 'electron', 'better-sqlite3'], message: 'The renderer runs in a sandbox: no Node, no Electron.' },
  ]),
  restrictImports(['src-main/**/*.ts'], ['src-main/electron/**', 'src-main/**/*.test.ts'], [{ name: 'electron', message: 'Only src-main/electron/ imports electron (the CLI, browser mode and the worker run without it).' }], [{ group: ['**/src-renderer/**', '**/src-renderer'], message: 'main never imports the renderer.' }]),
  restrictImports(['src-main/electron/**/*.ts'], ['src-main/electron/ipc.ts', 'src-main/electron/preload/**', 'src-main/**/*.test.ts'], [{ name: 'electron', importNames: ['ipcMain', 'ipcRenderer'], message: 'Only src-main/electron/ipc.ts and the preload touch IPC.' }], [{ group: ['**/src-renderer/**', '**/src-renderer'], message: 'main never imports the renderer.' }]),
  restrictImports(['src-main/electron/ipc.ts'], [], [{ name: 'electron', importNames: ['ipcRenderer'], message: 'ipcRenderer belongs to the preload.' }], [{ group: ['**/src-renderer/**'], message: 'main never imports the renderer.' }]),
  restrictImports(['src-main/electron/preload/**/*.ts'], ['src-main/electron/preload/**/*.test.ts'], [{ name: 'electron', importNames: ['ipcMain'], message: 'ipcMain belongs to src-main/electron/ipc.ts.' }], [{ group: ['**/src-renderer/**'], message: 'The preload does not import the renderer.' }]),
);
