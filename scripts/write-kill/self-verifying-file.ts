import { createHash } from 'node:crypto';

/**
 * A file that proves its own completeness: a first line `gm-write-trial seq=<n> bytes=<body bytes>
 * sha256=<hex of body>`, then the body. A torn file (half old, half new, cut short) fails the check.
 */
const HEADER = /^gm-write-trial seq=(\d+) bytes=(\d+) sha256=([0-9a-f]{64})$/;

export function encodeSelfVerifying(seq: number, body: Uint8Array): Buffer {
  const sha256 = createHash('sha256').update(body).digest('hex');
  return Buffer.concat([Buffer.from(`gm-write-trial seq=${seq} bytes=${body.byteLength} sha256=${sha256}\n`), body]);
}

export type Verification = { readonly intact: true; readonly seq: number } | { readonly intact: false; readonly problem: string };

export function verifySelfVerifying(file: Buffer): Verification {
  const newline = file.indexOf(0x0a);
  if (newline < 0) return { intact: false, problem: `no header line in ${file.byteLength} bytes` };
  const match = HEADER.exec(file.subarray(0, newline).toString('latin1'));
  if (!match) return { intact: false, problem: 'the header line is not a trial header' };
  const body = file.subarray(newline + 1);
  const bytes = Number(match[2]);
  if (body.byteLength !== bytes) return { intact: false, problem: `the body holds ${body.byteLength} of ${bytes} bytes` };
  if (createHash('sha256').update(body).digest('hex') !== match[3]) return { intact: false, problem: 'the checksum does not match' };
  return { intact: true, seq: Number(match[1]) };
}
