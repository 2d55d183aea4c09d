import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import type { UserConfig } from 'vite';

const { version } = JSON.parse(readFileSync(resolve(__dirname, '../package.json'), 'utf8')) as { version: string };

/** Shared by electron-vite (desktop) and the plain browser build, so both serve the same GM screen. */
export const rendererConfig: UserConfig = {
  root: resolve(__dirname),
  base: './',
  plugins: [vue()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: resolve(__dirname, '../out/renderer'),
    emptyOutDir: true,
    rollupOptions: { input: resolve(__dirname, 'index.html') },
  },
  preview: { host: '127.0.0.1' },
};

export default rendererConfig;
