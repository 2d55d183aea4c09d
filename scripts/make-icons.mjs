// `npm run icons`: renders assets/icon.svg with Chromium (through Playwright) at every size the
// installers need and packs them: assets/icons/<n>x<n>.png (Linux), assets/icon.ico (Windows),
// assets/icon.icns (macOS) and assets/icon.png (512 px, the generic fallback). Each size is drawn
// from the vector, never scaled down from a bigger bitmap, so 16 px stays crisp.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { packIcns, packIco } from './icon-containers.mjs';

const root = resolve(new URL('.', import.meta.url).pathname, '..');
const assets = resolve(root, 'assets');

const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** At this size and below, the SVG's `.detail` shapes are left out: they would only blur. */
const LARGEST_WITHOUT_DETAIL = 24;

const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => path);

/** Draws the SVG on a canvas of `size` px; returns the PNG bytes and the straight-alpha RGBA pixels. */
async function render(page, svg, size) {
  const { png, rgba } = await page.evaluate(
    async ({ svg, size, withDetail }) => {
      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
      if (!withDetail) for (const detail of doc.querySelectorAll('.detail')) detail.remove();
      const image = new Image();
      image.src = `data:image/svg+xml;base64,${btoa(new XMLSerializer().serializeToString(doc))}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0, size, size);
      const pixels = context.getImageData(0, 0, size, size).data;
      // Chunked: one spread of a 1024 px image's 4 MB would overflow the call stack.
      let binary = '';
      for (let start = 0; start < pixels.length; start += 0x8000)
        binary += String.fromCharCode(...pixels.subarray(start, start + 0x8000));
      return { png: canvas.toDataURL('image/png').split(',')[1], rgba: btoa(binary) };
    },
    { svg, size, withDetail: size > LARGEST_WITHOUT_DETAIL },
  );
  return { size, png: Buffer.from(png, 'base64'), rgba: Buffer.from(rgba, 'base64') };
}

async function main() {
  const svg = readFileSync(resolve(assets, 'icon.svg'), 'utf8');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const images = [];
    for (const size of PNG_SIZES) images.push(await render(page, svg, size));

    mkdirSync(resolve(assets, 'icons'), { recursive: true });
    for (const image of images) writeFileSync(resolve(assets, 'icons', `${image.size}x${image.size}.png`), image.png);
    writeFileSync(resolve(assets, 'icon.png'), images.find((image) => image.size === 512).png);
    writeFileSync(resolve(assets, 'icon.ico'), packIco(images.filter((image) => ICO_SIZES.includes(image.size))));
    writeFileSync(resolve(assets, 'icon.icns'), packIcns(images));
    console.log(
      `assets/icons/: ${PNG_SIZES.map((size) => `${size}x${size}.png`).join(', ')}; assets/icon.ico, assets/icon.icns, assets/icon.png`,
    );
  } finally {
    await browser.close();
  }
}

await main();
