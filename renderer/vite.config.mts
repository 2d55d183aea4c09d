import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import type { Plugin, UserConfig } from 'vite';
import { metaContentSecurityPolicy } from '../main/services/content-security-policy.mjs';
import { sharedLazyChunkNamer, startChunkNamer } from './build/start-chunks.mts';
import { startPreviewScript } from './build/start-preview-script.mts';

const here = dirname(fileURLToPath(import.meta.url));
const { version } = JSON.parse(readFileSync(resolve(here, '../package.json'), 'utf8')) as { version: string };

/**
 * Writes the app's one Content-Security-Policy (main/services/content-security-policy.mjs) into
 * index.html as a <meta> tag right after the charset, before anything it governs: Electron's
 * header may not reach a file:// page, and the tag keeps the policy wherever the page is opened.
 * In development it also allows the dev server the page comes from.
 */
function contentSecurityPolicyMeta(): Plugin {
  const charset = '<meta charset="UTF-8" />';
  return {
    name: 'gm-content-security-policy-meta',
    transformIndexHtml(html, { server }) {
      if (!html.includes(charset)) throw new Error(`index.html lost its ${charset}; the CSP meta tag goes right after it.`);
      const devServer = server?.resolvedUrls?.local[0];
      const policy = metaContentSecurityPolicy(devServer ? new URL(devServer).origin : undefined);
      return html.replace(charset, `${charset}\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`);
    },
  };
}

/**
 * Moves the GM screen's stylesheet from the head to the end of index.html's body, after the
 * start-up shell (styled by index.html's own small <style>): a stylesheet in the head holds every
 * paint until it has loaded, and by then the scripts had arrived too and ran first, so the shell
 * was painted only after them. There the shell paints as soon as the page is parsed;
 * renderer/src/main.ts mounts the screen once the stylesheet has loaded.
 */
function stylesheetAfterShell(): Plugin {
  return {
    name: 'gm-stylesheet-after-shell',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, { path }) {
        if (!path.endsWith('/index.html')) return html;
        const links = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        if (links.length !== 1) throw new Error(`index.html should have one stylesheet, found ${links.length}.`);
        return html.replace(links[0]!, '').replace('</body>', `  ${links[0]!.trim()}\n  </body>`);
      },
    },
  };
}

/** "system-hardware" for the chunk a game system's module starts (shared/systems/<id>/module.ts). */
export function systemChunkName(facadeModuleId: string | null): string | null {
  const match = facadeModuleId?.match(/[\\/]shared[\\/]systems[\\/]([a-z0-9-]+)[\\/]module\.ts$/);
  return match ? `system-${match[1]}` : null;
}

// The pages are the entries (Vite's HTML entries): index.html is the GM screen, player.html the table's.
const isGmEntry = (id: string) => id === resolve(here, 'index.html');
const isPlayerEntry = (id: string) => id === resolve(here, 'player.html');
const pages = { gm: isGmEntry, player: isPlayerEntry };

/** Shared by electron-vite (desktop) and the plain browser build, so both serve the same GM screen. */
const rendererConfig: UserConfig = {
  root: resolve(here),
  base: './',
  plugins: [vue(), contentSecurityPolicyMeta(), stylesheetAfterShell(), startPreviewScript(here)],
  define: {
    __APP_VERSION__: JSON.stringify(version),
    // Every component here (and in splitpanes and vue-virtual) uses the Composition API: Vue's
    // Options API support is left out of the bundle.
    __VUE_OPTIONS_API__: 'false',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
  },
  build: {
    outDir: resolve(here, '../out/renderer'),
    emptyOutDir: true,
    // electron-vite leaves the renderer unminified by default; the GM screen loads faster minified.
    minify: true,
    // One stylesheet, loaded with the page: a panel's CSS arriving with its chunk made the browser
    // restyle the whole screen once per panel while it was starting (about 50 KB in all).
    cssCodeSplit: false,
    // The player view (player.html) is its own page: the table's screen, which never loads the GM app.
    rollupOptions: {
      input: { index: resolve(here, 'index.html'), player: resolve(here, 'player.html') },
      // A page's entry chunk exports nothing: were a module both pages use (the health track's
      // shapes) placed in the player page's entry chunk, a GM panel importing it would run the
      // whole player page in the GM's window.
      preserveEntrySignatures: 'strict',
      output: {
        // Chunks named for what they hold: one per game system (its module, loaded when an
        // encounter of it opens), the framework, the database library, the shared rules core the
        // screen starts with; the rest keep the name of the module they start from.
        chunkFileNames: (chunk) => `assets/${systemChunkName(chunk.facadeModuleId) ?? '[name]'}-[hash].js`,
        codeSplitting: {
          // Ranked first: what it names leaves the start groups (see start-chunks.mts).
          groups: [
            { name: sharedLazyChunkNamer(pages), priority: 2, debugName: 'shared-lazy' },
            { name: startChunkNamer(pages), priority: 1, debugName: 'start' },
          ],
        },
      },
    },
  },
  // Module workers, so a worker loads a game system's chunk as the page does instead of inlining all four.
  worker: { format: 'es' },
  preview: { host: '127.0.0.1' },
};

export default rendererConfig;
