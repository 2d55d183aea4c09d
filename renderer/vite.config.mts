import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import type { UserConfig } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const { version } = JSON.parse(readFileSync(resolve(here, '../package.json'), 'utf8')) as { version: string };

/** Shared by electron-vite (desktop) and the plain browser build, so both serve the same GM screen. */
const rendererConfig: UserConfig = {
  root: resolve(here),
  base: './',
  plugins: [vue()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: resolve(here, '../out/renderer'),
    emptyOutDir: true,
    // electron-vite leaves the renderer unminified by default; the GM screen loads faster minified.
    minify: true,
    // One stylesheet, loaded with the page: a panel's CSS arriving with its chunk made the browser
    // restyle the whole screen once per panel while it was starting (about 50 KB in all).
    cssCodeSplit: false,
    rollupOptions: { input: resolve(here, 'index.html') },
  },
  preview: { host: '127.0.0.1' },
};

export default rendererConfig;
