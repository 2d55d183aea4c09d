import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { expect, test } from '@playwright/test';
import { metaContentSecurityPolicy } from '../main/services/content-security-policy.mjs';
import { checkBuiltAsset, checkBuiltPage } from './built-pages';

// The files `npm run build` wrote (the e2e step builds first); read from disk, no browser needed.
const renderer = resolve(__dirname, '../out/renderer');
const policy = metaContentSecurityPolicy();

function builtFile(name: string): string {
  const path = join(renderer, name);
  if (!existsSync(path)) throw new Error(`out/renderer/${name} is missing: run npm run build first (npm run test:e2e does).`);
  return readFileSync(path, 'utf8');
}

/** A path from a page that stays inside out/renderer and names a file there. */
function isOwnFile(relativePath: string): boolean {
  const path = resolve(renderer, relativePath.split(/[?#]/)[0]!);
  return path.startsWith(renderer + sep) && existsSync(path) && statSync(path).isFile();
}

for (const page of ['index.html', 'player.html']) {
  test(`the built ${page} carries the CSP before anything it loads, and loads only the app's own files`, () => {
    const html = builtFile(page);
    expect(checkBuiltPage(page, html, { policy, isOwnFile })).toEqual([]);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${policy}" />`);
  });
}

test("the built index.html paints its shell before its stylesheet: the shell's own style in the head, the stylesheet after the shell", () => {
  const html = builtFile('index.html');
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/\.start-shell-header\s*\{/);
  expect(head).not.toContain('rel="stylesheet"');
  const [shell, stylesheet, bodyEnd] = ['<div id="app">', 'rel="stylesheet"', '</body>'].map((part) => html.indexOf(part)) as [number, number, number];
  expect(shell).toBeGreaterThan(head.length);
  expect(stylesheet).toBeGreaterThan(shell);
  expect(bodyEnd).toBeGreaterThan(stylesheet);
  // The player view has no shell: its stylesheet stays in the head.
  expect(builtFile('player.html').slice(0, builtFile('player.html').indexOf('</head>'))).toContain('rel="stylesheet"');
});

test('the built scripts and styles import nothing remote', () => {
  builtFile('index.html');
  const assets = readdirSync(renderer, { recursive: true, encoding: 'utf8' }).filter((name) => /\.(m?js|css)$/.test(name));
  expect(assets.length).toBeGreaterThan(0);
  expect(assets.flatMap((name) => checkBuiltAsset(relative(renderer, join(renderer, name)), readFileSync(join(renderer, name), 'utf8')))).toEqual([]);
});

test.describe('the checks catch planted violations', () => {
  const own = new Set(['./assets/app.js', './assets/app.css']);
  const options = { policy, isOwnFile: (path: string) => own.has(path) };
  const head = (meta: string, rest: string) => `<!doctype html><html><head>${meta}${rest}</head><body></body></html>`;
  const csp = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;

  test('a clean page passes', () => {
    expect(checkBuiltPage('p.html', head(csp, '<script type="module" src="./assets/app.js"></script><link rel="stylesheet" href="./assets/app.css">'), options)).toEqual([]);
  });

  test('remote and protocol-relative loads, an inline script, a base tag and a missing file', () => {
    const page = head(
      csp,
      [
        '<script src="https://cdn.example/vue.js"></script>',
        "<link rel='stylesheet' href=//fonts.example/a.css>",
        '<img src="data:image/png;base64,AAAA">',
        '<script>alert(1)</script>',
        '<base href="./assets/">',
        '<script type="module" src="./assets/gone.js"></script>',
      ].join(''),
    );
    expect(checkBuiltPage('p.html', page, options)).toEqual([
      'p.html: <script src="https://cdn.example/vue.js"> loads from outside the app.',
      'p.html: <link href="//fonts.example/a.css"> loads from outside the app.',
      'p.html: <img src="data:image/png;base64,AAAA"> loads from outside the app.',
      "p.html has an inline script; scripts come only from the app's own files.",
      'p.html has a <base> tag, which would move where its own files are read from.',
      'p.html: <base href="./assets/"> names no built file.',
      'p.html: <script src="./assets/gone.js"> names no built file.',
    ]);
  });

  test('no policy, another policy, two policies, and a policy after the first load', () => {
    const other = `<meta http-equiv="content-security-policy" content="default-src *" />`;
    const script = '<script type="module" src="./assets/app.js"></script>';
    expect(checkBuiltPage('p.html', head('', script), options)).toEqual(['p.html has 0 Content-Security-Policy meta tags, not 1.']);
    expect(checkBuiltPage('p.html', head(other, script), options)).toEqual([`p.html's Content-Security-Policy is "default-src *", not "${policy}".`]);
    expect(checkBuiltPage('p.html', head(csp + other, script), options)).toEqual(['p.html has 2 Content-Security-Policy meta tags, not 1.']);
    expect(checkBuiltPage('p.html', head(script, csp), options)).toEqual([
      'p.html loads something before its Content-Security-Policy, which only covers what follows it.',
    ]);
  });

  test('remote imports in scripts and styles, but not a link written in a string', () => {
    const script = [
      'import { a } from "https://cdn.example/a.js";',
      "import('//cdn.example/b.js');",
      'export * from `http://cdn.example/c.js`;',
      "importScripts('https://cdn.example/worker.js');",
      'import "./own.js"; const help = "https://example.org/docs";',
    ].join('\n');
    expect(checkBuiltAsset('a.js', script)).toEqual([
      'a.js loads https://cdn.example/a.js from outside the app.',
      'a.js loads //cdn.example/b.js from outside the app.',
      'a.js loads http://cdn.example/c.js from outside the app.',
      'a.js loads https://cdn.example/worker.js from outside the app.',
    ]);
    expect(checkBuiltAsset('a.css', '@import url("https://fonts.example/f.css"); p { background: url(//img.example/x.png) } q { background: url(./own.png) }')).toEqual([
      'a.css loads https://fonts.example/f.css from outside the app.',
      'a.css loads //img.example/x.png from outside the app.',
    ]);
  });
});
