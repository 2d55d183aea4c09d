// The GM screen's one Content-Security-Policy, in plain JavaScript so that every place that sends
// it reads this file: the desktop window and the browser fallback's server (both through
// security.ts), and the <meta> tag the renderer build writes into index.html
// (renderer/vite.config.mts, loaded without a TypeScript loader for main/).

/**
 * No remote content at all: scripts and styles only from the app itself; images may be data/blob
 * URLs (screenshots, exports); nothing may frame the page, and nothing is framed or posted anywhere.
 * `devServerOrigin` (development only) is the Vite dev server, whose HMR socket is ws: on it.
 */
export function contentSecurityPolicy(devServerOrigin) {
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

/**
 * The same policy for a <meta http-equiv> tag, where browsers ignore frame-ancestors (with a
 * console error), so it is left out there; only a response header can refuse framing.
 */
export function metaContentSecurityPolicy(devServerOrigin) {
  return contentSecurityPolicy(devServerOrigin)
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors '))
    .join('; ');
}
