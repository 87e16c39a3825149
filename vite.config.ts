import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { sharePlugin } from './scripts/vite-share-plugin.ts';
import { preloadAppPlugin } from './scripts/vite-preload-plugin.ts';

// The framework-free library's modules do nothing when imported (no registration, no globals): a bundle then
// gets only what it calls from them, not every module behind core/index.ts (CEL, yaml, ...).
const PURE_LIBRARY = [{ test: /[\\/]src[\\/](core|importers|catalogs)[\\/]/, sideEffects: false }];

// Relative base: the built folder works from any static host and any sub-path.
export default defineConfig({
  base: './',
  plugins: [react(), sharePlugin(), preloadAppPlugin()],
  resolve: {
    // monaco-worker-manager (inside monaco-yaml) still imports pre-0.56 deep paths.
    alias: [
      {
        find: /^monaco-editor\/esm\/vs\/(.*)$/,
        replacement: path.resolve(import.meta.dirname, 'node_modules/monaco-editor/esm/vs') + '/$1',
      },
    ],
  },
  optimizeDeps: { include: ['monaco-yaml/yaml.worker'] },
  worker: { format: 'es', rolldownOptions: { treeshake: { moduleSideEffects: PURE_LIBRARY } } },
  build: {
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      checks: { pluginTimings: false },
      treeshake: { moduleSideEffects: PURE_LIBRARY },
    },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
