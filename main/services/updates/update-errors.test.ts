import { describe, expect, it } from 'vitest';
import { describeUpdateError, isNetworkUnavailable } from './update-errors';

const coded = (message: string, code: string): Error => Object.assign(new Error(message), { code });

describe('isNetworkUnavailable', () => {
  it.each([
    [coded('getaddrinfo ENOTFOUND updates.example', 'ENOTFOUND'), true],
    [coded('getaddrinfo EAI_AGAIN updates.example', 'EAI_AGAIN'), true],
    [coded('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED'), true],
    [coded('read ECONNRESET', 'ECONNRESET'), true],
    [coded('connect ETIMEDOUT', 'ETIMEDOUT'), true],
    [coded('connect ENETUNREACH', 'ENETUNREACH'), true],
    [coded('connect EHOSTUNREACH', 'EHOSTUNREACH'), true],
    [coded('ENETDOWN', 'ENETDOWN'), true],
    [new Error('net::ERR_INTERNET_DISCONNECTED'), true],
    [new Error('net::ERR_NAME_NOT_RESOLVED'), true],
    [new Error('net::ERR_CERT_DATE_INVALID'), false],
    [coded('EACCES: permission denied', 'EACCES'), false],
    [Object.assign(new Error('odd'), { code: 42 }), false],
    ['net::ERR_CONNECTION_REFUSED', true],
    [null, false],
  ])('%s → %s', (error, expected) => {
    expect(isNetworkUnavailable(error)).toBe(expected);
  });
});

describe('describeUpdateError', () => {
  it('names the feed problems electron-updater reports by code', () => {
    expect(describeUpdateError(coded('Cannot parse update info … rawData: ###', 'ERR_UPDATER_INVALID_UPDATE_INFO'), 'check')).toBe('The update feed could not be read: its latest.yml is malformed.');
    expect(describeUpdateError(coded('not semver: "x"', 'ERR_UPDATER_INVALID_VERSION'), 'check')).toBe('The update feed names no valid version.');
    expect(describeUpdateError(coded('Cannot find channel "latest.yml"', 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND'), 'check')).toBe('The update feed has no release for this system.');
    expect(describeUpdateError(Object.assign(new Error('HttpError: 503'), { statusCode: 503 }), 'download')).toBe('The update server answered HTTP 503.');
  });

  it('keeps only the first line of anything else, without its stop, after what was being done', () => {
    expect(describeUpdateError(new Error('socket hang up.\n    at Socket (node:net:1)'), 'check')).toBe('The check for updates failed: socket hang up.');
    expect(describeUpdateError('disk full:', 'download')).toBe('The update download failed: disk full.');
    expect(describeUpdateError(new Error(''), 'download')).toBe('The update download failed.');
    expect(describeUpdateError(Object.assign(new Error('odd'), { statusCode: '500' }), 'check')).toBe('The check for updates failed: odd.');
  });

  it('cuts a long first line to 120 characters', () => {
    const sentence = describeUpdateError(new Error('x'.repeat(300)), 'check');
    expect(sentence).toBe(`The check for updates failed: ${'x'.repeat(119)}….`);
  });
});
