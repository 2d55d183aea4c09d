import { describe, expect, it, vi } from 'vitest';
import { decideExternalLink, followExternalLink, MAX_EXTERNAL_URL_CHARS } from './external-links';

describe('decideExternalLink', () => {
  it('opens an https link in the browser, as the URL parser writes it', () => {
    expect(decideExternalLink('https://example.org/rules?page=2#combat')).toEqual({
      action: 'open-in-browser',
      url: 'https://example.org/rules?page=2#combat',
    });
    expect(decideExternalLink('HTTPS://Example.ORG')).toEqual({ action: 'open-in-browser', url: 'https://example.org/' });
  });

  it('refuses http with its own sentence', () => {
    expect(decideExternalLink('http://example.org/')).toEqual({
      action: 'refuse',
      reason: 'The link is http, which anyone on the network can read or change; only https links open.',
    });
  });

  it.each([
    ['file:///etc/passwd', 'file:'],
    ['javascript:alert(1)', 'javascript:'],
    ['  javascript:alert(1)', 'javascript:'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['mailto:gm@example.org?attach=/home/gm/.ssh/id_rsa', 'mailto:'],
    ['steam://run/440', 'steam:'],
    ['ms-msdt:/id PCWDiagnostic', 'ms-msdt:'],
    ['ftp://example.org/file', 'ftp:'],
  ])('refuses %s by its scheme', (link, scheme) => {
    expect(decideExternalLink(link)).toEqual({
      action: 'refuse',
      reason: `The link's scheme is ${scheme} and only https links open outside the app.`,
    });
  });

  it('refuses credentials in the URL, a user name alone included', () => {
    const reason = 'The link carries a user name or password, which can disguise the site it really goes to.';
    expect(decideExternalLink('https://bank.example@evil.example/')).toEqual({ action: 'refuse', reason });
    expect(decideExternalLink('https://user:secret@example.org/')).toEqual({ action: 'refuse', reason });
    expect(decideExternalLink('https://:secret@example.org/')).toEqual({ action: 'refuse', reason });
  });

  it(`opens a link of exactly ${MAX_EXTERNAL_URL_CHARS} characters and refuses one character more`, () => {
    const base = 'https://example.org/';
    const longest = base + 'a'.repeat(MAX_EXTERNAL_URL_CHARS - base.length);
    expect(decideExternalLink(longest)).toEqual({ action: 'open-in-browser', url: longest });
    expect(decideExternalLink(`${longest}a`)).toEqual({
      action: 'refuse',
      reason: 'The link is 2049 characters long, more than the 2048 a real link needs.',
    });
  });

  it('refuses an empty value, something that is not text, and text that is not a URL', () => {
    expect(decideExternalLink('')).toEqual({ action: 'refuse', reason: 'The link is empty.' });
    expect(decideExternalLink('   ')).toEqual({ action: 'refuse', reason: 'The link is empty.' });
    expect(decideExternalLink(undefined)).toEqual({ action: 'refuse', reason: 'The link is empty.' });
    expect(decideExternalLink('example.org/rules')).toEqual({ action: 'refuse', reason: 'The link is not a complete URL.' });
    expect(decideExternalLink('https://')).toEqual({ action: 'refuse', reason: 'The link is not a complete URL.' });
  });
});

describe('followExternalLink', () => {
  const host = () => ({ openExternal: vi.fn(() => Promise.resolve()), log: vi.fn() });

  it('opens an allowed link in the system browser and logs nothing', () => {
    const shell = host();
    followExternalLink('https://example.org/', 'window.open', shell);
    expect(shell.openExternal).toHaveBeenCalledWith('https://example.org/');
    expect(shell.log).not.toHaveBeenCalled();
  });

  it('logs a refusal with where the link came from, never opening it', () => {
    const shell = host();
    followExternalLink('file:///etc/passwd', 'navigation', shell);
    expect(shell.openExternal).not.toHaveBeenCalled();
    expect(shell.log).toHaveBeenCalledWith(
      "Refused a link (navigation) to file:///etc/passwd: The link's scheme is file: and only https links open outside the app.",
    );
  });

  it('shortens a huge link in the log line', () => {
    const shell = host();
    const huge = `https://example.org/${'a'.repeat(5000)}`;
    followExternalLink(huge, 'window.open', shell);
    expect(shell.log).toHaveBeenCalledWith(
      `Refused a link (window.open) to ${huge.slice(0, 200)}… (5020 characters): The link is 5020 characters long, more than the 2048 a real link needs.`,
    );
  });

  it('logs a browser that fails to open instead of leaving the rejection unhandled', async () => {
    const shell = { openExternal: vi.fn(() => Promise.reject(new Error('no handler for https'))), log: vi.fn() };
    followExternalLink('https://example.org/', 'window.open', shell);
    await vi.waitFor(() => expect(shell.log).toHaveBeenCalledWith('The system browser did not open https://example.org/: no handler for https'));
  });
});
