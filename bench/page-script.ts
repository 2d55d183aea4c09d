import { build, type UserConfig } from 'vite';

/**
 * A bench page's script: `entry` and what it imports bundled by Vite as one classic script (an
 * IIFE named `name`), for a page to load or for addScriptTag.
 */
export async function buildPageScript(
  entry: string,
  name: string,
  options: { readonly minify: boolean; readonly define?: UserConfig['define'] },
): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    ...(options.define ? { define: options.define } : {}),
    build: { write: false, minify: options.minify, lib: { entry, formats: ['iife'], name } },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : []));
  const chunk = chunks.find((c) => c.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error(`The bench page ${entry} did not build.`);
  return chunk.code;
}
