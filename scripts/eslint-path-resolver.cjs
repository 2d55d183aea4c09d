// An import resolver for eslint-plugin-boundaries (eslint.config.mjs) that works from the path alone.
// The node resolver finds neither extensionless .ts nor .vue files and answers "not found" for a file
// that does not exist yet, which would let an import slip past the boundaries unclassified; a planted
// import in tests/lint-boundaries.test.ts names files that may not exist. So: a relative specifier
// resolves to the file it names (as written, `.ts` added, or `index.ts` in the folder) when it exists,
// and otherwise to the path it would have. Packages are left to the other rules (not found here).
'use strict';
const { existsSync, statSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');

const isFile = (path) => existsSync(path) && statSync(path).isFile();
const hasSourceExtension = (path) => /\.(ts|mts|vue|js|mjs|cjs|json)$/.test(path);

exports.interfaceVersion = 2;

exports.resolve = (source, file) => {
  if (!source.startsWith('./') && !source.startsWith('../') && source !== '.' && source !== '..')
    return { found: false };
  const base = resolve(dirname(file), source);
  const existing = [base, `${base}.ts`, join(base, 'index.ts')].find(isFile);
  if (existing) return { found: true, path: existing };
  return { found: true, path: hasSourceExtension(base) ? base : `${base}.ts` };
};
