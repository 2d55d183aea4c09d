import { describe, expect, it } from 'vitest';
import {
  conditionText,
  countdownText,
  DESCRIPTOR_SEGMENTS,
  msToNextTick,
  secondsLeft,
  trackText,
  trackValue,
} from './format';

describe('trackValue and trackText', () => {
  it('a condition monitor counts the boxes marked, as the GM screen does', () => {
    const physical = { label: 'Physical', current: 7, max: 11, style: 'boxes' } as const;
    expect(trackValue(physical)).toBe('4/11 marked');
    expect(trackText(physical)).toBe('Physical 4/11 marked');
  });

  it('a monitor with more left than its boxes reads none marked, never a negative count', () => {
    expect(trackValue({ label: 'Physical', current: 12, max: 11, style: 'boxes' })).toBe('0/11 marked');
  });

  it('bars and pips count what is left', () => {
    expect(trackText({ label: 'HP', current: 11, max: 15, style: 'bar' })).toBe('HP 11/15');
    expect(trackText({ label: 'Hope', current: 2, max: 3, style: 'pips' })).toBe('Hope 2/3');
  });
});

describe('conditionText', () => {
  it('says the rounds left, one round in the singular, and the name alone when it lasts until removed', () => {
    expect(conditionText({ label: 'Stunned', roundsLeft: 2 })).toBe('Stunned · 2 rounds');
    expect(conditionText({ label: 'Stunned', roundsLeft: 1 })).toBe('Stunned · 1 round');
    expect(conditionText({ label: 'Stunned', roundsLeft: 0 })).toBe('Stunned · 0 rounds');
    expect(conditionText({ label: 'Prone', roundsLeft: null })).toBe('Prone');
  });
});

describe('DESCRIPTOR_SEGMENTS', () => {
  it('gives each descriptor one step fewer, down to none', () => {
    expect(DESCRIPTOR_SEGMENTS).toEqual({ unhurt: 3, wounded: 2, 'badly hurt': 1, down: 0 });
  });
});

describe('secondsLeft', () => {
  const timer = { seconds: 90, startedAt: 10_000 };

  it('counts down in whole seconds from when it started', () => {
    expect(secondsLeft(timer, 10_000)).toBe(90);
    expect(secondsLeft(timer, 10_999)).toBe(90);
    expect(secondsLeft(timer, 11_000)).toBe(89);
    expect(secondsLeft(timer, 99_999)).toBe(1);
    expect(secondsLeft(timer, 100_000)).toBe(0);
  });

  it('never goes below 0, nor above its length when the start is ahead of this clock', () => {
    expect(secondsLeft(timer, 500_000)).toBe(0);
    expect(secondsLeft(timer, 5_000)).toBe(90);
  });
});

describe('countdownText', () => {
  it('reads m:ss, h:mm:ss past an hour, and "Time!" at 0', () => {
    expect(countdownText(90)).toBe('1:30');
    expect(countdownText(605)).toBe('10:05');
    expect(countdownText(9)).toBe('0:09');
    expect(countdownText(1)).toBe('0:01');
    expect(countdownText(3600)).toBe('1:00:00');
    expect(countdownText(3725)).toBe('1:02:05');
    expect(countdownText(0)).toBe('Time!');
  });
});

describe('msToNextTick', () => {
  it('waits until the next whole second since the start', () => {
    expect(msToNextTick(10_000, 10_000)).toBe(1000);
    expect(msToNextTick(10_000, 10_250)).toBe(750);
    expect(msToNextTick(10_000, 10_999)).toBe(1);
    expect(msToNextTick(10_000, 12_400)).toBe(600);
  });

  it("also from before the start (a clock behind the GM's)", () => {
    expect(msToNextTick(10_000, 9_700)).toBe(300);
  });
});
