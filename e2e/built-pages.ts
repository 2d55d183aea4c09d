// Checks of the built renderer (out/renderer) as files: each page carries the one CSP as its first
// meta tag before anything loads, and the pages, scripts and styles load nothing remote — only the
// app's own files. Pure functions over text, so a planted violation is shown to be caught.

/** Every start tag with its attributes (lower-case names); enough for the pages Vite writes. */
export function startTags(html: string): { name: string; attributes: Record<string, string> }[] {
  const tags: { name: string; attributes: Record<string, string> }[] = [];
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const tag of withoutComments.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g)) {
    const attributes: Record<string, string> = {};
    for (const attribute of tag[2]!.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      attributes[attribute[1]!.toLowerCase()] = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
    }
    tags.push({ name: tag[1]!.toLowerCase(), attributes });
  }
  return tags;
}

/** A URL that leaves the app's files: any scheme (http:, https:, data:, file:…) or a protocol-relative //host. */
const REMOTE = /^\s*(?:[a-z][a-z0-9+.-]*:|\/\/|\\\\)/i;

export interface PageCheckOptions {
  /** The policy the page must carry (metaContentSecurityPolicy()). */
  readonly policy: string;
  /** Whether a path relative to the page names one of the built files. */
  readonly isOwnFile: (relativePath: string) => boolean;
}

/** What is wrong with one built page, one sentence each; [] when nothing is. */
export function checkBuiltPage(page: string, html: string, { policy, isOwnFile }: PageCheckOptions): string[] {
  const problems: string[] = [];
  const tags = startTags(html);
  const policies = tags.filter((tag) => tag.name === 'meta' && tag.attributes['http-equiv']?.toLowerCase() === 'content-security-policy');
  if (policies.length !== 1) problems.push(`${page} has ${policies.length} Content-Security-Policy meta tags, not 1.`);
  else if (policies[0]!.attributes.content !== policy) problems.push(`${page}'s Content-Security-Policy is "${policies[0]!.attributes.content}", not "${policy}".`);
  const policyAt = tags.findIndex((tag) => policies.includes(tag));
  const firstLoad = tags.findIndex((tag) => tag.attributes.src !== undefined || tag.attributes.href !== undefined);
  if (policyAt >= 0 && firstLoad >= 0 && firstLoad < policyAt) problems.push(`${page} loads something before its Content-Security-Policy, which only covers what follows it.`);
  for (const tag of tags) {
    if (tag.name === 'base') problems.push(`${page} has a <base> tag, which would move where its own files are read from.`);
    if (tag.name === 'script' && tag.attributes.src === undefined) problems.push(`${page} has an inline script; scripts come only from the app's own files.`);
    for (const attribute of ['src', 'href', 'srcset', 'poster', 'data', 'action', 'formaction'] as const) {
      const value = tag.attributes[attribute];
      if (value === undefined) continue;
      if (REMOTE.test(value)) problems.push(`${page}: <${tag.name} ${attribute}="${value}"> loads from outside the app.`);
      else if (!isOwnFile(value)) problems.push(`${page}: <${tag.name} ${attribute}="${value}"> names no built file.`);
    }
  }
  return problems;
}

/** `import … from "//…"`, `import("https://…")`, `export … from`, and importScripts() of a remote URL. */
const REMOTE_SCRIPT_IMPORT = /(?:\bimport\s*\(\s*|\bimport\s*(?:[\w*${}\s,]+from\s*)?|\bexport\s*[\w*${}\s,]+from\s*|\bimportScripts\s*\(\s*)(["'`])((?:[a-z][a-z0-9+.-]*:)?\/\/[^"'`]*)\1/gi;
/** `@import "…"`/`@import url(…)` and any url(…) in a style that leaves the app. */
const REMOTE_STYLE_LOAD = /(?:@import\s+(?:url\(\s*)?|url\(\s*)(["']?)((?:[a-z][a-z0-9+.-]*:)?\/\/[^"')\s]*)\1/gi;

/** Remote loads in one built script or style sheet, one sentence each. */
export function checkBuiltAsset(file: string, text: string): string[] {
  const pattern = file.endsWith('.css') ? REMOTE_STYLE_LOAD : REMOTE_SCRIPT_IMPORT;
  return [...text.matchAll(pattern)].map((match) => `${file} loads ${match[2]} from outside the app.`);
}
