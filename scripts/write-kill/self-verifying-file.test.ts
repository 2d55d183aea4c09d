import { describe, expect, it } from 'vitest';
import { encodeSelfVerifying, verifySelfVerifying } from './self-verifying-file';

describe('self-verifying trial files', () => {
  const file = encodeSelfVerifying(42, Buffer.from('hello, world'));

  it('reads back its sequence number when whole', () => {
    expect(file.subarray(0, file.indexOf(10)).toString()).toBe(
      'gm-write-trial seq=42 bytes=12 sha256=09ca7e4eaa6e8ae9c7d261167129184883644d07dfba7cbfbc4c8a2e08360d5b',
    );
    expect(verifySelfVerifying(file)).toEqual({ intact: true, seq: 42 });
  });

  it('names what is wrong with a torn file', () => {
    expect(verifySelfVerifying(Buffer.alloc(0))).toEqual({ intact: false, problem: 'no header line in 0 bytes' });
    expect(verifySelfVerifying(file.subarray(0, 20))).toEqual({ intact: false, problem: 'no header line in 20 bytes' });
    expect(verifySelfVerifying(Buffer.from('garbage\nbody'))).toEqual({ intact: false, problem: 'the header line is not a trial header' });
    expect(verifySelfVerifying(file.subarray(0, file.byteLength - 3))).toEqual({ intact: false, problem: 'the body holds 9 of 12 bytes' });
    const flipped = Buffer.from(file);
    flipped.writeUInt8(flipped.readUInt8(flipped.byteLength - 1) ^ 1, flipped.byteLength - 1);
    expect(verifySelfVerifying(flipped)).toEqual({ intact: false, problem: 'the checksum does not match' });
  });
});
