// The Windows ICO and macOS ICNS containers, packed from icons already rendered at each size.
// Written here rather than taken from a package: the packages at hand (png2icons, icon-gen)
// rescale one big bitmap, and png2icons adds non-PNG RLE entries to the ICNS.

/**
 * An ICO of the given images: PNG entries from 64 px up, 32-bit BMP entries below, as Windows
 * executables carry them (older Explorer dialogs draw small PNG entries badly).
 * @param {{ size: number, png: Buffer, rgba: Buffer }[]} images
 */
export function packIco(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);

  const bodies = images.map((image) => (image.size >= 64 ? image.png : bitmapEntry(image)));
  let offset = 6 + 16 * images.length;
  const directory = images.map((image, index) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(image.size >= 256 ? 0 : image.size, 0); // width; 0 means 256
    entry.writeUInt8(image.size >= 256 ? 0 : image.size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(bodies[index].length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += bodies[index].length;
    return entry;
  });
  return Buffer.concat([header, ...directory, ...bodies]);
}

/** A BITMAPINFOHEADER, the BGRA rows bottom-up, then the 1-bit AND mask (set where fully transparent). */
function bitmapEntry({ size, rgba }) {
  const maskRowBytes = Math.ceil(size / 32) * 4;
  const pixels = Buffer.alloc(size * size * 4);
  const mask = Buffer.alloc(maskRowBytes * size);
  for (let y = 0; y < size; y++) {
    const row = size - 1 - y; // bottom-up
    for (let x = 0; x < size; x++) {
      const from = (y * size + x) * 4;
      const to = (row * size + x) * 4;
      pixels[to] = rgba[from + 2];
      pixels[to + 1] = rgba[from + 1];
      pixels[to + 2] = rgba[from];
      pixels[to + 3] = rgba[from + 3];
      if (rgba[from + 3] === 0) mask[row * maskRowBytes + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0); // header size
  info.writeInt32LE(size, 4);
  info.writeInt32LE(size * 2, 8); // height counts the XOR bitmap and the AND mask
  info.writeUInt16LE(1, 12); // planes
  info.writeUInt16LE(32, 14); // bits per pixel
  info.writeUInt32LE(0, 16); // BI_RGB, uncompressed
  info.writeUInt32LE(pixels.length + mask.length, 20);
  return Buffer.concat([info, pixels, mask]);
}

/** ICNS types holding PNG data, with the pixel size each one wants (the @2x types are Retina). */
export const ICNS_PNG_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024], // 512@2x
  ['ic11', 32], // 16@2x
  ['ic12', 64], // 32@2x
  ['ic13', 256], // 128@2x
  ['ic14', 512], // 256@2x
];

/**
 * An ICNS of PNG entries only, with a table of contents first, as `iconutil` writes it.
 * @param {{ size: number, png: Buffer }[]} images one per size in ICNS_PNG_TYPES
 */
export function packIcns(images) {
  const entries = ICNS_PNG_TYPES.map(([type, size]) => {
    const image = images.find((candidate) => candidate.size === size);
    if (!image) throw new Error(`The ICNS needs a ${size} px image for ${type}.`);
    return chunk(type, image.png);
  });
  const tocBody = Buffer.concat(entries.map((entry) => entry.subarray(0, 8)));
  return chunk('icns', Buffer.concat([chunk('TOC ', tocBody), ...entries]));
}

/** A four-letter type and a big-endian length that counts these 8 header bytes. */
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32BE(data.length + 8, 4);
  return Buffer.concat([head, data]);
}
