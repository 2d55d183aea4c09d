import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import rendererConfig from './renderer/vite.config.mts';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // web: the browser fallback's server (main/web.ts), run with plain Node; it never imports electron.
      rollupOptions: { input: { index: resolve(__dirname, 'main/index.ts'), web: resolve(__dirname, 'main/web.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'main/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: rendererConfig,
});
