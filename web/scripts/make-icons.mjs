// Draws the install icons (public/icons/*.png) from the favicon's torch (public/favicon.svg)
// with headless Chromium, the browser the journeys already use. Run after changing the
// favicon: `node scripts/make-icons.mjs` (CHROMIUM_PATH overrides /usr/bin/chromium).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const favicon = readFileSync(path.join(web, 'public', 'favicon.svg'), 'utf8');
// The torch and its rounded square, without the <svg> wrapper.
const inner = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

/**
 * "any" icons are the favicon itself, corners transparent. The maskable one fills the
 * square with the jungle colour and shrinks the torch to 80% around the centre, so a
 * launcher's circle or squircle (the safe zone is the central circle of radius 40%) never
 * cuts the flame or the handle.
 */
const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0b1f17"/><g transform="translate(3.2 3.2) scale(0.8)">${inner}</g></svg>`,
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: path.join(web, 'public', 'icons', file), omitBackground: true });
    console.log(`public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
