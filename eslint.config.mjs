// Lint, including the house's layering rules (docs/ARCHITECTURE.md):
// shared/ is pure; src-main and src-renderer never import each other; ipcMain and
// ipcRenderer are used only by their typed wrappers.
import tseslint from 'typescript-eslint';

// Bare built-in names go in `paths` (exact match): as gitignore-style patterns, 'events'
// would also match our own '../events/envelope'.
const bareBuiltins = ['fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'url', 'util', 'worker_threads', 'stream', 'events', 'fs/promises'];
const builtinPaths = (message) => bareBuiltins.map((name) => ({ name, message }));

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
    // The launcher is CommonJS on purpose: it must run on any Node before anything is built;
    // electron-builder loads its config and hooks with require().
    files: ['bin/*.cjs', 'scripts/packaging/*.cjs', 'electron-builder.config.cjs'],
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
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinPaths('The renderer runs in a sandbox: no Node.'),
          patterns: [
            { group: ['**/src-main/**', '**/src-main'], message: 'The renderer reaches main only through src-renderer/api.ts.' },
            { group: ['node:*', 'electron', 'better-sqlite3'], message: 'The renderer runs in a sandbox: no Node, no Electron.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/electron/ipc.ts', 'src-main/electron/preload/**', 'src-main/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', importNames: ['ipcMain', 'ipcRenderer'], message: 'Only src-main/electron/ipc.ts and the preload touch IPC.' }],
          patterns: [{ group: ['**/src-renderer/**', '**/src-renderer'], message: 'main never imports the renderer.' }],
        },
      ],
    },
  },
  {
    files: ['src-main/electron/ipc.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', importNames: ['ipcRenderer'], message: 'ipcRenderer belongs to the preload.' }],
          patterns: [{ group: ['**/src-renderer/**'], message: 'main never imports the renderer.' }],
        },
      ],
    },
  },
  {
    files: ['src-main/electron/preload/**/*.ts'],
    ignores: ['src-main/electron/preload/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', importNames: ['ipcMain'], message: 'ipcMain belongs to src-main/electron/ipc.ts.' }],
          patterns: [{ group: ['**/src-renderer/**'], message: 'The preload does not import the renderer.' }],
        },
      ],
    },
  },
);
