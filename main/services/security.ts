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

/**
 * No remote content at all: scripts and styles only from the app itself; images may be
 * data/blob URLs (screenshots, exports); nothing may be framed or posted anywhere.
 */
export function contentSecurityPolicy(devServerOrigin?: string): string {
  const self = devServerOrigin ? `'self' ${devServerOrigin}` : "'self'";
  const connect = devServerOrigin ? `'self' ${devServerOrigin} ${devServerOrigin.replace(/^http/, 'ws')}` : "'self'";
  return [
    `default-src 'none'`,
    `script-src ${self}`,
    `style-src ${self} 'unsafe-inline'`,
    `img-src ${self} data: blob:`,
    `font-src ${self} data:`,
    `connect-src ${connect}`,
    `base-uri 'none'`,
    `form-action 'none'`,
    `frame-ancestors 'none'`,
    `object-src 'none'`,
  ].join('; ');
}
