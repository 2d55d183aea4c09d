import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';

/** Where index.html's first script is built to, beside index.html. */
export const START_PREVIEW_FILE = 'start-preview.js';

/**
 * index.html's first script (renderer/src/start-preview/boot.ts): bundled on its own as one small
 * classic script and placed right after the start-up shell, so it runs — and the start preview is
 * painted — as soon as the shell is parsed, before the app's module scripts have arrived. A classic
 * file of its own rather than inline code: the Content-Security-Policy allows scripts from 'self'
 * only. In development it is loaded as a module, which the dev server can transform.
 */
export function startPreviewScript(root: string): Plugin {
  const entry = resolve(root, 'src/start-preview/boot.ts');
  const shellEnd = '<!-- start-preview script -->';
  let serving = false;
  return {
    name: 'gm-start-preview-script',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transformIndexHtml(html, { path }) {
      if (!path.endsWith('/index.html')) return html;
      if (!html.includes(shellEnd))
        throw new Error(`index.html lost its ${shellEnd} marker; the start preview script goes there.`);
      const tag = serving
        ? '<script type="module" src="./src/start-preview/boot.ts"></script>'
        : `<script src="./${START_PREVIEW_FILE}"></script>`;
      return html.replace(shellEnd, tag);
    },
    async generateBundle() {
      const output = await build({
        configFile: false,
        logLevel: 'silent',
        build: { write: false, minify: true, lib: { entry, formats: ['iife'], name: 'gmStartPreview' } },
      });
      const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : []));
      const chunk = chunks.find((c) => c.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk') throw new Error(`${entry} did not build.`);
      this.emitFile({ type: 'asset', fileName: START_PREVIEW_FILE, source: chunk.code });
    },
  };
}
