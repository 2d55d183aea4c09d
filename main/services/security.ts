/**
 * Security policy for the desktop window, in plain Node so it is tested without Electron.
 */

/** The app's own pages: the packaged file:// renderer or the dev server's origin. */
export function createTrustedUrlCheck(rendererUrl: string): (url: string) => boolean {
  const trusted = new URL(rendererUrl);
  return (url: string) => {
    let candidate: URL;
    try {
      candidate = new URL(url);
    } catch {
      return false;
    }
    if (trusted.protocol === 'file:') {
      return candidate.protocol === 'file:' && candidate.pathname === trusted.pathname;
    }
    return candidate.origin === trusted.origin;
  };
}

/** The one policy, shared with the browser build's server and index.html's meta tag. */
export { contentSecurityPolicy, metaContentSecurityPolicy } from './content-security-policy.mjs';
