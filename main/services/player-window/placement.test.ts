import { describe, expect, it } from 'vitest';
import type { DisplayInfo } from '../../../shared/ipc/contract';
import { choosePlacement, displayOf, parseSavedPlacement } from './placement';

/** A laptop (primary, task bar at the bottom) and a 1080p TV to its right. */
const laptop: DisplayInfo = {
  id: '1',
  bounds: { x: 0, y: 0, width: 1440, height: 900 },
  workArea: { x: 0, y: 0, width: 1440, height: 860 },
  primary: true,
};
const tv: DisplayInfo = {
  id: '2',
  bounds: { x: 1440, y: 0, width: 1920, height: 1080 },
  workArea: { x: 1440, y: 0, width: 1920, height: 1080 },
  primary: false,
};

describe('choosePlacement', () => {
  it('opens on the saved display where it was, when it still fits there', () => {
    const saved = { displayId: '2', bounds: { x: 1500, y: 40, width: 1600, height: 900 }, fullScreen: true };
    expect(choosePlacement(saved, [laptop, tv])).toEqual(saved);
  });

  it('moves and shrinks saved bounds into the saved display\'s work area', () => {
    // Hanging off the right edge and taller than the work area.
    const saved = { displayId: '1', bounds: { x: 1000, y: -50, width: 800, height: 2000 }, fullScreen: false };
    expect(choosePlacement(saved, [laptop, tv])).toEqual({ displayId: '1', bounds: { x: 640, y: 0, width: 800, height: 860 }, fullScreen: false });
  });

  it('grows a saved size below the minimum to 480 x 270', () => {
    const saved = { displayId: '2', bounds: { x: 1500, y: 100, width: 100, height: 50 }, fullScreen: false };
    expect(choosePlacement(saved, [laptop, tv]).bounds).toEqual({ x: 1500, y: 100, width: 480, height: 270 });
  });

  it('never makes a window larger than a display smaller than the minimum', () => {
    const tiny: DisplayInfo = { id: '9', bounds: { x: 0, y: 0, width: 400, height: 240 }, workArea: { x: 0, y: 0, width: 400, height: 200 }, primary: true };
    expect(choosePlacement(null, [tiny]).bounds).toEqual({ x: 0, y: 0, width: 400, height: 200 });
  });

  it('with the saved display gone, centres the saved size on a secondary display (the TV), keeping full screen', () => {
    const saved = { displayId: '7', bounds: { x: 5000, y: 5000, width: 1000, height: 600 }, fullScreen: true };
    expect(choosePlacement(saved, [laptop, tv])).toEqual({ displayId: '2', bounds: { x: 1900, y: 240, width: 1000, height: 600 }, fullScreen: true });
  });

  it('with nothing saved, opens 1280 x 720 centred on a secondary display, listed first or not', () => {
    const expected = { displayId: '2', bounds: { x: 1760, y: 180, width: 1280, height: 720 }, fullScreen: false };
    expect(choosePlacement(undefined, [laptop, tv])).toEqual(expected);
    expect(choosePlacement(undefined, [tv, laptop])).toEqual(expected);
  });

  it('with one display, opens on it (the primary)', () => {
    expect(choosePlacement(undefined, [laptop])).toEqual({ displayId: '1', bounds: { x: 80, y: 70, width: 1280, height: 720 }, fullScreen: false });
  });

  it.each([
    ['a string', 'left of the TV'],
    ['an array', [1, 2, 3]],
    ['a negative width', { displayId: '2', bounds: { x: 0, y: 0, width: -5, height: 600 }, fullScreen: false }],
    ['an absurd width', { displayId: '2', bounds: { x: 0, y: 0, width: 1e9, height: 600 }, fullScreen: false }],
    ['a fractional position', { displayId: '2', bounds: { x: 0.5, y: 0, width: 800, height: 600 }, fullScreen: false }],
    ['NaN as text', JSON.parse('{"displayId":"2","bounds":{"x":null,"y":0,"width":800,"height":600},"fullScreen":false}')],
    ['no full-screen flag', { displayId: '2', bounds: { x: 1500, y: 0, width: 800, height: 600 } }],
    ['a numeric display id', { displayId: 2, bounds: { x: 1500, y: 0, width: 800, height: 600 }, fullScreen: false }],
  ])('ignores a saved value that is %s, and opens as if nothing were saved', (_what, saved) => {
    expect(parseSavedPlacement(saved)).toBe(null);
    expect(choosePlacement(saved, [laptop, tv])).toEqual({ displayId: '2', bounds: { x: 1760, y: 180, width: 1280, height: 720 }, fullScreen: false });
  });

  it('with no display at all, keeps the size at the origin', () => {
    expect(choosePlacement(undefined, [])).toEqual({ displayId: 'none', bounds: { x: 0, y: 0, width: 1280, height: 720 }, fullScreen: false });
  });
});

describe('displayOf', () => {
  it('is the display the window overlaps most', () => {
    expect(displayOf({ x: 1300, y: 0, width: 800, height: 600 }, [laptop, tv])?.id).toBe('2');
    expect(displayOf({ x: 1000, y: 0, width: 800, height: 600 }, [laptop, tv])?.id).toBe('1');
  });

  it('is the primary display for a window off every screen', () => {
    expect(displayOf({ x: -5000, y: -5000, width: 800, height: 600 }, [tv, laptop])?.id).toBe('1');
  });
});
