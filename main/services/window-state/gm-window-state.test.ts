import { describe, expect, it } from 'vitest';
import type { DisplayInfo } from '../../../shared/ipc/contract';
import { chooseGmWindowState, parseSavedGmWindowState } from './gm-window-state';

/** A laptop (primary, task bar at the bottom) and a 1080p monitor to its right. */
const laptop: DisplayInfo = { id: '1', bounds: { x: 0, y: 0, width: 1440, height: 900 }, workArea: { x: 0, y: 0, width: 1440, height: 860 }, primary: true };
const monitor: DisplayInfo = { id: '2', bounds: { x: 1440, y: 0, width: 1920, height: 1080 }, workArea: { x: 1440, y: 0, width: 1920, height: 1080 }, primary: false };

/** 1280×800 centred in the laptop's 1440×860 work area. */
const firstLaunch = { displayId: '1', bounds: { x: 80, y: 30, width: 1280, height: 800 }, maximized: false, fullScreen: false };

describe('chooseGmWindowState', () => {
  it('opens 1280 x 800 centred on the primary display the first time, never on a secondary one', () => {
    expect(chooseGmWindowState(undefined, [laptop, monitor])).toEqual(firstLaunch);
    expect(chooseGmWindowState(undefined, [monitor, laptop])).toEqual(firstLaunch);
  });

  it('returns to the saved display where it was, maximised and full screen as it was', () => {
    const saved = { displayId: '2', bounds: { x: 1500, y: 40, width: 1600, height: 900 }, maximized: true, fullScreen: false };
    expect(chooseGmWindowState(saved, [laptop, monitor])).toEqual(saved);
    const fullScreen = { ...saved, maximized: false, fullScreen: true };
    expect(chooseGmWindowState(fullScreen, [laptop, monitor])).toEqual(fullScreen);
  });

  it('with the saved display gone, centres the saved size on the primary, keeping maximised', () => {
    const saved = { displayId: '2', bounds: { x: 1500, y: 40, width: 1000, height: 700 }, maximized: true, fullScreen: false };
    expect(chooseGmWindowState(saved, [laptop])).toEqual({ displayId: '1', bounds: { x: 220, y: 80, width: 1000, height: 700 }, maximized: true, fullScreen: false });
  });

  it('moves and shrinks the saved bounds into a work area that shrank (a lower resolution, a taller task bar)', () => {
    const smaller: DisplayInfo = { id: '1', bounds: { x: 0, y: 0, width: 1280, height: 720 }, workArea: { x: 0, y: 0, width: 1280, height: 680 }, primary: true };
    const saved = { displayId: '1', bounds: { x: 100, y: 50, width: 1300, height: 800 }, maximized: false, fullScreen: false };
    expect(chooseGmWindowState(saved, [smaller])).toEqual({ displayId: '1', bounds: { x: 0, y: 0, width: 1280, height: 680 }, maximized: false, fullScreen: false });
  });

  it('grows a saved size below the minimum to 960 x 600, moved back inside the work area', () => {
    const saved = { displayId: '1', bounds: { x: 1000, y: 500, width: 400, height: 300 }, maximized: false, fullScreen: false };
    expect(chooseGmWindowState(saved, [laptop]).bounds).toEqual({ x: 480, y: 260, width: 960, height: 600 });
  });

  it.each([
    ['a string', 'top left'],
    ['null', null],
    ['the player view\'s shape (no maximised flag)', { displayId: '1', bounds: { x: 0, y: 0, width: 1000, height: 700 }, fullScreen: false }],
    ['a zero width', { displayId: '1', bounds: { x: 0, y: 0, width: 0, height: 700 }, maximized: false, fullScreen: false }],
    ['an absurd position', { displayId: '1', bounds: { x: 1e7, y: 0, width: 1000, height: 700 }, maximized: false, fullScreen: false }],
    ['a fractional size', { displayId: '1', bounds: { x: 0, y: 0, width: 1000.5, height: 700 }, maximized: false, fullScreen: false }],
    ['maximised as text', { displayId: '1', bounds: { x: 0, y: 0, width: 1000, height: 700 }, maximized: 'yes', fullScreen: false }],
    ['an empty display id', { displayId: '', bounds: { x: 0, y: 0, width: 1000, height: 700 }, maximized: false, fullScreen: false }],
  ])('ignores a saved value that is %s, and opens as on a first launch', (_what, saved) => {
    expect(parseSavedGmWindowState(saved)).toBe(null);
    expect(chooseGmWindowState(saved, [laptop, monitor])).toEqual(firstLaunch);
  });

  it('with no display at all, keeps the size at the origin', () => {
    expect(chooseGmWindowState(undefined, [])).toEqual({ displayId: 'none', bounds: { x: 0, y: 0, width: 1280, height: 800 }, maximized: false, fullScreen: false });
  });
});
