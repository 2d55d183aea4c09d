import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createTrustedUrlCheck, metaContentSecurityPolicy } from './security';

describe('createTrustedUrlCheck', () => {
  it('trusts only the packaged renderer file', () => {
    const isTrusted = createTrustedUrlCheck('file:///opt/GM%20Screen/resources/app/out/renderer/index.html');
    expect(isTrusted('file:///opt/GM%20Screen/resources/app/out/renderer/index.html')).toBe(true);
    expect(isTrusted('file:///opt/GM%20Screen/resources/app/out/renderer/index.html#/log')).toBe(true);
    expect(isTrusted('file:///etc/passwd')).toBe(false);
    expect(isTrusted('https://example.com/')).toBe(false);
    expect(isTrusted('not a url')).toBe(false);
  });

  it('trusts only the dev server origin in development', () => {
    const isTrusted = createTrustedUrlCheck('http://localhost:5173/');
    expect(isTrusted('http://localhost:5173/index.html')).toBe(true);
    expect(isTrusted('http://localhost:5174/')).toBe(false);
    expect(isTrusted('http://evil.localhost:5173/')).toBe(false);
  });
});

describe('contentSecurityPolicy', () => {
  it('allows nothing remote and refuses being framed (the header of the desktop window and the browser build)', () => {
    expect(contentSecurityPolicy()).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        "font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'",
    );
  });

  it('adds the dev server and its HMR socket in development only', () => {
    expect(contentSecurityPolicy('http://localhost:5173')).toBe(
      "default-src 'none'; script-src 'self' http://localhost:5173; style-src 'self' http://localhost:5173 'unsafe-inline'; " +
        "img-src 'self' http://localhost:5173 data: blob:; font-src 'self' http://localhost:5173 data:; " +
        "connect-src 'self' http://localhost:5173 ws://localhost:5173; base-uri 'none'; form-action 'none'; " +
        "frame-ancestors 'none'; object-src 'none'",
    );
  });
});

describe('metaContentSecurityPolicy', () => {
  it('is the same policy without frame-ancestors, which a meta tag cannot carry', () => {
    expect(metaContentSecurityPolicy()).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        "font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'",
    );
    expect(metaContentSecurityPolicy('http://localhost:5173')).toBe(
      contentSecurityPolicy('http://localhost:5173').replace(" frame-ancestors 'none';", ''),
    );
  });
});
