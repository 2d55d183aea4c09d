// The icons `npm run icons` (scripts/make-icons.mjs) writes to assets/, read back at the byte
// level: every PNG's size from its IHDR, the ICO's directory, the ICNS's table of contents.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const assets = join(__dirname, '..', 'assets');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk; throws on anything that is not a PNG. */
function pngSize(bytes: Buffer): [number, number] {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    throw new Error('not a PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

interface IcoEntry {
  size: number;
  bitsPerPixel: number;
  format: 'png' | 'bmp';
  /** The image's own idea of its size: the PNG's IHDR, or the BMP header (its height counts the AND mask too). */
  imageSize: [number, number];
}

function readIco(bytes: Buffer): IcoEntry[] {
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]); // reserved, type 1 = icon
  return Array.from({ length: bytes.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + 16 * index;
    const length = bytes.readUInt32LE(entry + 8);
    const image = bytes.subarray(bytes.readUInt32LE(entry + 12), bytes.readUInt32LE(entry + 12) + length);
    expect(image.length).toBe(length);
    const isPng = image.subarray(0, 8).equals(PNG_SIGNATURE);
    return {
      size: bytes.readUInt8(entry) || 256,
      bitsPerPixel: bytes.readUInt16LE(entry + 6),
      format: isPng ? 'png' : 'bmp',
      imageSize: isPng ? pngSize(image) : [image.readInt32LE(4), image.readInt32LE(8)],
    };
  });
}

/** The ICNS table of contents and the entries that follow it, each with its PNG's size. */
function readIcns(bytes: Buffer) {
  expect(bytes.toString('latin1', 0, 4)).toBe('icns');
  expect(bytes.readUInt32BE(4)).toBe(bytes.length);
  const chunks: { type: string; length: number; body: Buffer }[] = [];
  for (let at = 8; at < bytes.length; at += bytes.readUInt32BE(at + 4)) {
    const length = bytes.readUInt32BE(at + 4);
    chunks.push({ type: bytes.toString('latin1', at, at + 4), length, body: bytes.subarray(at + 8, at + length) });
  }
  const [toc, ...entries] = chunks;
  const listed = Array.from({ length: toc!.body.length / 8 }, (_, index) => ({
    type: toc!.body.toString('latin1', index * 8, index * 8 + 4),
    length: toc!.body.readUInt32BE(index * 8 + 4),
  }));
  return {
    tocType: toc!.type,
    listed,
    entries: entries.map(({ type, length, body }) => ({ type, length, size: pngSize(body) })),
  };
}

describe('Linux: assets/icons/<n>x<n>.png', () => {
  it.each([16, 24, 32, 48, 64, 128, 256, 512, 1024])('%i px is a PNG of exactly that size', (size) => {
    expect(pngSize(readFileSync(join(assets, 'icons', `${size}x${size}.png`)))).toEqual([size, size]);
  });

  it('assets/icon.png, the generic icon, is the 512 px one', () => {
    expect(readFileSync(join(assets, 'icon.png')).equals(readFileSync(join(assets, 'icons', '512x512.png')))).toBe(
      true,
    );
  });
});

describe('Windows: assets/icon.ico', () => {
  it('holds 16 to 256 px, 32-bit: BMP below 64 px, PNG from 64 px', () => {
    expect(readIco(readFileSync(join(assets, 'icon.ico')))).toEqual([
      { size: 16, bitsPerPixel: 32, format: 'bmp', imageSize: [16, 32] },
      { size: 24, bitsPerPixel: 32, format: 'bmp', imageSize: [24, 48] },
      { size: 32, bitsPerPixel: 32, format: 'bmp', imageSize: [32, 64] },
      { size: 48, bitsPerPixel: 32, format: 'bmp', imageSize: [48, 96] },
      { size: 64, bitsPerPixel: 32, format: 'png', imageSize: [64, 64] },
      { size: 128, bitsPerPixel: 32, format: 'png', imageSize: [128, 128] },
      { size: 256, bitsPerPixel: 32, format: 'png', imageSize: [256, 256] },
    ]);
  });

  it('its PNG entries are the rendered PNGs, byte for byte', () => {
    const ico = readFileSync(join(assets, 'icon.ico'));
    const png256 = readFileSync(join(assets, 'icons', '256x256.png'));
    expect(ico.subarray(ico.length - png256.length).equals(png256)).toBe(true);
  });
});

/** The straight RGBA of pixel (x, y) of the ICO's BMP entry of `size` px (BGRA rows, bottom-up). */
function icoBitmapPixel(size: number, x: number, y: number): number[] {
  const bytes = readFileSync(join(assets, 'icon.ico'));
  const index = readIco(bytes).findIndex((entry) => entry.size === size && entry.format === 'bmp');
  const image = bytes.subarray(bytes.readUInt32LE(6 + 16 * index + 12));
  const at = 40 + ((size - 1 - y) * size + x) * 4;
  return [image[at + 2]!, image[at + 1]!, image[at]!, image[at + 3]!];
}

describe('the drawing at small sizes', () => {
  const ACCENT = [0xe9, 0xb9, 0x49, 255];
  const BACKGROUND = [0x15, 0x13, 0x0f, 255];

  it('leaves the d20 out at 16 px: the middle panel is plain accent', () => {
    expect(icoBitmapPixel(16, 8, 8)).toEqual(ACCENT);
  });

  it('keeps it from 32 px: the d20’s lower edge is cut out of the middle panel', () => {
    expect(icoBitmapPixel(48, 24, 26)).toEqual(BACKGROUND);
    expect(icoBitmapPixel(48, 24, 15)).toEqual(ACCENT); // above the d20, the panel itself
  });
});

describe('macOS: assets/icon.icns', () => {
  it('lists its PNG entries in a table of contents, each of the size its type wants', () => {
    const { tocType, listed, entries } = readIcns(readFileSync(join(assets, 'icon.icns')));
    expect(tocType).toBe('TOC ');
    expect(entries.map(({ type, size }) => [type, size[0], size[1]])).toEqual([
      ['icp4', 16, 16],
      ['icp5', 32, 32],
      ['icp6', 64, 64],
      ['ic07', 128, 128],
      ['ic08', 256, 256],
      ['ic09', 512, 512],
      ['ic10', 1024, 1024],
      ['ic11', 32, 32],
      ['ic12', 64, 64],
      ['ic13', 256, 256],
      ['ic14', 512, 512],
    ]);
    expect(listed).toEqual(entries.map(({ type, length }) => ({ type, length })));
  });
});
