import { describe, expect, it } from 'vitest';
import { NO_FEED_REASON, NOT_INSTALLED_REASON, updateUnavailableReason } from './update-availability';

describe('updateUnavailableReason', () => {
  it.each([
    [{ isPackaged: false, feedFileExists: false }, 'Updates are checked only in the installed app; this copy runs from the project’s files.'],
    [{ isPackaged: false, feedFileExists: true }, 'Updates are checked only in the installed app; this copy runs from the project’s files.'],
    [{ isPackaged: true, feedFileExists: false }, 'This build has no update feed: a new version comes as a new installer.'],
    [{ isPackaged: true, feedFileExists: true }, null],
  ])('%o: %s', (facts, expected) => {
    expect(updateUnavailableReason(facts)).toBe(expected);
  });

  it('exports the sentences it answers', () => {
    expect([NOT_INSTALLED_REASON, NO_FEED_REASON]).toEqual([
      'Updates are checked only in the installed app; this copy runs from the project’s files.',
      'This build has no update feed: a new version comes as a new installer.',
    ]);
  });
});
