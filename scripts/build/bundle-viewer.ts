/**
 * The shared bundle's viewer (docs/EXPORT.md, "Bundle"): the renderer built a second time as ONE
 * classic script and ONE stylesheet, every asset inlined, so the bundle builder
 * (src-main/export/bundle/bundle-html.ts) can put both inline in an HTML file allowed by their
 * hashes. Runs after electron-vite's renderer build (a plugin of that build), so every
 * `electron-vite build` (npm run build, npm test, bin/little-inspector.cjs, dist) makes it.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

const root = resolve(__dirname, '..', '..');

/** The viewer's own vite build: `out/bundle/viewer.js` + `viewer.css`. */
export async function buildBundleViewer(): Promise<void> {
  await build({
    configFile: false,
    root: resolve(root, 'src-renderer'),
    logLevel: 'warn',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: resolve(root, 'out', 'bundle'),
      emptyOutDir: true,
      // Fonts and images become data: URLs (the page's CSP allows nothing else).
      assetsInlineLimit: () => true,
      cssCodeSplit: false,
      modulePreload: false,
      // One file by design: the whole renderer is in it.
      chunkSizeWarningLimit: 10_000,
      rolldownOptions: {
        input: resolve(root, 'src-renderer', 'main.tsx'),
        // vite's dynamic-import helper reads import.meta.url; with every import inlined it never runs.
        onLog(level, log, handler) {
          if (log.code !== 'EMPTY_IMPORT_META') handler(level, log);
        },
        output: { format: 'iife', codeSplitting: false, entryFileNames: 'viewer.js', assetFileNames: 'viewer[extname]' },
      },
    },
  });
}

/** Build the viewer once the renderer's build has finished (production builds only). */
export function bundleViewerPlugin(): Plugin {
  return {
    name: 'little-inspector-bundle-viewer',
    apply: 'build',
    async closeBundle() {
      await buildBundleViewer();
    },
  };
}
