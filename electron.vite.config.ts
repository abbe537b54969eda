import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { bundleViewerPlugin } from './scripts/build/bundle-viewer';
import { selfContainedWorkerPlugin } from './scripts/build/self-contained-worker';
import { earlyScriptPlugin } from './scripts/build/early-script';
import { warmUpLogPlugin } from './scripts/build/warm-up-log';

// Every entry is listed explicitly: the folders are not electron-vite's defaults.
// The CLI is a second entry of the main build so that `little-inspector` and the
// Electron main process share one bundle of the core.
export default defineConfig({
  main: {
    // The worker scripts run from app.asar.unpacked: they must require no chunk (scripts/build/self-contained-worker.ts).
    // warmUpLogPlugin: the worker's warm-up log, made by the fixture writer (scripts/build/warm-up-log.ts).
    plugins: [selfContainedWorkerPlugin('run-detail-worker.js'), selfContainedWorkerPlugin('discovery-worker.js'), selfContainedWorkerPlugin('index-worker.js'), selfContainedWorkerPlugin('mirror-copy-worker.js'), selfContainedWorkerPlugin('scan-worker.js'), selfContainedWorkerPlugin('fleet-sql-child.js'), warmUpLogPlugin()],
    build: {
      outDir: 'out/main',
      // zod and OpenTelemetry's OTLP exporters (the `otlp` command, docs/OTLP.md) are bundled, so the
      // packaged app needs no node_modules at all (electron-builder.config.cjs).
      externalizeDeps: {
        exclude: [
          'zod',
          '@opentelemetry/api',
          '@opentelemetry/core',
          '@opentelemetry/resources',
          '@opentelemetry/sdk-trace-base',
          '@opentelemetry/otlp-transformer',
          '@opentelemetry/exporter-trace-otlp-proto',
          '@opentelemetry/exporter-trace-otlp-http',
          // the Parquet writer of `export-fleet` (docs/FLEET.md), ESM only: bundled into its chunk.
          'hyparquet-writer',
          'hyparquet',
          // the redactor's linear-time regex engine (shared/redaction/): no node_modules in the package.
          're2js',
        ],
      },
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src-main/electron/index.ts'),
          cli: resolve(__dirname, 'src-main/cli/main.ts'),
          // Run details are built in a worker thread so main never blocks on big runs.
          'run-detail-worker': resolve(__dirname, 'src-main/workers/run-detail-worker.ts'),
          // An open's walk on a thread of its own (workers/discovery-thread.ts): progress, and a cancel that ends it.
          'discovery-worker': resolve(__dirname, 'src-main/workers/discovery-worker.ts'),
          // The fleet index is built and updated on a thread of its own (workers/index-thread.ts).
          'index-worker': resolve(__dirname, 'src-main/workers/index-worker.ts'),
          // A live events.db's full private copy, off the main thread of the app and `serve` (workers/mirror-copy-thread.ts).
          'mirror-copy-worker': resolve(__dirname, 'src-main/workers/mirror-copy-worker.ts'),
          // The run view's behaviour scan, one thread per scan (workers/scan-thread.ts): it held main's loop for seconds per move.
          'scan-worker': resolve(__dirname, 'src-main/workers/scan-worker.ts'),
          // A SQL query in a process of its own, killed when its time budget is spent (src-main/fleet/sql-child-launch.ts).
          'fleet-sql-child': resolve(__dirname, 'src-main/fleet/sql-child.ts'),
        },
        // Playwright (PDF export from the CLI) is loaded at run time when installed, never bundled.
        external: ['better-sqlite3', 'electron', 'playwright-core'],
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: { index: resolve(__dirname, 'src-main/electron/preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    // The shared bundle's single-file viewer is the same renderer built again (scripts/build/bundle-viewer.ts).
    plugins: [react(), bundleViewerPlugin(), earlyScriptPlugin()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
});
