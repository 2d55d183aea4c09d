// Which Node a GM's machine needs, and the sentence `npm start` says when the Node version is why
// the desktop window cannot start. Plain JavaScript so that scripts/start.mjs runs it with plain Node.
//
// The figures come from the installed packages' `engines` fields: Electron 45.5.0 and its installer
// packages (@electron/get 5.1.0, @electron-internal/extract-zip 1.0.8, @electron/rebuild 4.2.1)
// declare Node >= 22.12.0. They are needed only to download the Electron binary: once it is in
// node_modules/electron/dist it runs its own Node, whatever Node started `npm start`.

/** The lowest Node that Electron 45's installer packages declare. */
export const DESKTOP_NODE_MINIMUM = Object.freeze({ major: 22, minor: 12, patch: 0 });

const VERSION_PATTERN = /^v?(\d+)(?:\.(\d+)(?:\.(\d+))?)?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * Reads a Node version as `process.version` gives it ("v20.19.1"); the "v", the minor and the
 * patch may be left out ("22.12", "24"). Anything else (empty, "20.x", a fourth number) is undefined.
 */
export function parseNodeVersion(text) {
  if (typeof text !== 'string') return undefined;
  const match = VERSION_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const version = { major: Number(match[1]), minor: Number(match[2] ?? 0), patch: Number(match[3] ?? 0) };
  return match[4] === undefined ? version : { ...version, prerelease: match[4] };
}

/** True when `version` is `minimum` or later; a pre-release comes before its release, as in semver. */
export function isAtLeast(version, minimum) {
  for (const part of ['major', 'minor', 'patch']) {
    if (version[part] !== minimum[part]) return version[part] > minimum[part];
  }
  return version.prerelease === undefined || minimum.prerelease !== undefined;
}

function formatVersion({ major, minor, patch }) {
  return patch === 0 ? `${major}.${minor}` : `${major}.${minor}.${patch}`;
}

/**
 * Why this Node cannot give the desktop window, or undefined when it can. An Electron binary
 * already installed runs its own Node, so only a missing one (to be downloaded) depends on it.
 */
export function desktopNodeProblem(nodeVersionText, { electronInstalled }) {
  if (electronInstalled) return undefined;
  const needs = `The desktop window needs Node ≥ ${formatVersion(DESKTOP_NODE_MINIMUM)} to install Electron`;
  const version = parseNodeVersion(nodeVersionText);
  if (!version) return `${needs}, and this Node's version (${JSON.stringify(String(nodeVersionText))}) cannot be read`;
  if (isAtLeast(version, DESKTOP_NODE_MINIMUM)) return undefined;
  return `${needs} (this is Node ${String(nodeVersionText).trim().replace(/^v/, '')})`;
}

/** What to do about a Node too old for the desktop window: the second sentence after the fallback's. */
export function desktopNodeAdvice() {
  return `Install Node ${formatVersion(DESKTOP_NODE_MINIMUM)} or later and run \`npm start\` again for the desktop window.`;
}

/** The fallback's sentence: why there is no desktop window, then where the GM screen is served. */
export function browserFallbackSentence(why, url) {
  return `${why}, so GM Screen is served for your browser instead at ${url} (Ctrl+C to stop).`;
}
