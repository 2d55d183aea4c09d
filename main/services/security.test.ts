import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createTrustedUrlCheck } from './security';

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
  it('allows no remote scripts and nothing by default', () => {
    const csp = contentSecurityPolicy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|https?:/);
  });
});
