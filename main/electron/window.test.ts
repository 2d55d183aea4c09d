import { afterEach, describe, expect, it, vi } from 'vitest';

// Electron itself cannot run here; keepOnOwnPage only needs shell.openExternal and a window's webContents.
vi.mock('electron', () => ({
  BrowserWindow: vi.fn(),
  session: {},
  shell: { openExternal: vi.fn(() => Promise.resolve()) },
}));
// The app's log file (main/electron/app-log.ts) needs Electron's app; its warnings are caught here instead.
const appLogWarn = vi.fn();
vi.mock('./app-log', () => ({ appLog: () => ({ warn: appLogWarn, error: vi.fn() }) }));

const { shell } = await import('electron');
const { HARDENED_WEB_PREFERENCES, keepOnOwnPage } = await import('./window');

type NavigateListener = (event: { preventDefault(): void }, url: string) => void;
type OpenHandler = (details: { url: string }) => { action: string };

/** The two hooks keepOnOwnPage sets on a window, captured so a test can fire them. */
function fakeWindow() {
  const hooks: { navigate?: NavigateListener; open?: OpenHandler } = {};
  const window = {
    webContents: {
      on: (name: string, listener: NavigateListener) => {
        if (name === 'will-navigate') hooks.navigate = listener;
      },
      setWindowOpenHandler: (handler: OpenHandler) => {
        hooks.open = handler;
      },
    },
  };
  const navigate = (url: string) => {
    const event = { preventDefault: vi.fn() };
    hooks.navigate!(event, url);
    return event.preventDefault.mock.calls.length > 0 ? 'prevented' : 'allowed';
  };
  return { window: window as never, navigate, open: (url: string) => hooks.open!({ url }) };
}

const appPage = 'file:///opt/gm-screen/resources/app.asar/out/renderer/index.html';
const isTrusted = (url: string) => url === appPage;

afterEach(() => vi.clearAllMocks());

describe('HARDENED_WEB_PREFERENCES (the allow-list counts on these values)', () => {
  it('isolates, sandboxes and keeps Node out of every window', () => {
    expect(HARDENED_WEB_PREFERENCES).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    });
  });
});

describe('keepOnOwnPage', () => {
  it('denies window.open and sends an https link to the system browser', () => {
    const log = vi.fn();
    const { window, open } = fakeWindow();
    keepOnOwnPage(window, isTrusted, log);
    expect(open('https://example.org/rules')).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.org/rules');
    expect(log).not.toHaveBeenCalled();
  });

  it('denies window.open of a file: link without opening it, and logs why', () => {
    const log = vi.fn();
    const { window, open } = fakeWindow();
    keepOnOwnPage(window, isTrusted, log);
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(shell.openExternal).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledExactlyOnceWith(
      "Refused a link (window.open) to file:///etc/passwd: The link's scheme is file: and only https links open outside the app.",
    );
  });

  it('lets the window reload its own page, and nothing else is opened', () => {
    const { window, navigate } = fakeWindow();
    keepOnOwnPage(window, isTrusted, vi.fn());
    expect(navigate(appPage)).toBe('allowed');
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('stops a navigation to an https site and opens it in the system browser instead', () => {
    const log = vi.fn();
    const { window, navigate } = fakeWindow();
    keepOnOwnPage(window, isTrusted, log);
    expect(navigate('https://example.org/')).toBe('prevented');
    expect(shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.org/');
    expect(log).not.toHaveBeenCalled();
  });

  it('stops a navigation to an http site, opening nothing, and logs it (to the app log by default)', () => {
    appLogWarn.mockClear();
    const { window, navigate } = fakeWindow();
    keepOnOwnPage(window, isTrusted);
    expect(navigate('http://example.org/')).toBe('prevented');
    expect(shell.openExternal).not.toHaveBeenCalled();
    expect(appLogWarn).toHaveBeenCalledExactlyOnceWith(
      'Refused a link (navigation) to http://example.org/: The link is http, which anyone on the network can read or change; only https links open.',
    );
  });
});
