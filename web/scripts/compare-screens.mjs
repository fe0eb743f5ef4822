// Compares the main screens of two builds pixel by pixel, at 1280 and 390 px: a check that a
// change meant to leave what users see alone (a refactor) does. Both binaries serve copies of
// one demo community, so the same lists, names and times appear on both sides.
//
//   node scripts/compare-screens.mjs BEFORE_BIN AFTER_BIN [OUT_DIR]
//
// Writes each screen's two PNGs and, where they differ, a diff PNG (differing pixels in red)
// into OUT_DIR (default /tmp/compare-screens); exits 1 when any screen differs.
import { spawn, execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [beforeBin, afterBin, outDir = '/tmp/compare-screens'] = process.argv.slice(2);
if (!beforeBin || !afterBin) {
  console.error('usage: node scripts/compare-screens.mjs BEFORE_BIN AFTER_BIN [OUT_DIR]');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });

/** The share of a screen's pixels that may differ between two runs of the same build. */
const NOISE = 0.001;

const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function serve(bin, dataDir) {
  const port = await freePort();
  const proc = spawn(bin, ['serve'], {
    env: { ...process.env, CASTAWAY_ADDR: `127.0.0.1:${port}`, CASTAWAY_DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${baseURL}/readyz`).then((r) => r.ok, () => false);
    if (ok) return { baseURL, stop: () => proc.kill('SIGTERM') };
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`${bin} did not become ready`);
}

// One community for both: made by the before binary, copied for the after one.
const dirA = mkdtempSync(path.join(tmpdir(), 'compare-a-'));
const dirB = mkdtempSync(path.join(tmpdir(), 'compare-b-'));
execFileSync(beforeBin, ['demo-data', '--users', '40', '--lists', '300', '--seed', '7', '--quiet', '-data-dir', dirA]);
for (const f of readdirSync(dirA)) copyFileSync(path.join(dirA, f), path.join(dirB, f));

const a = await serve(beforeBin, dirA);
const b = await serve(afterBin, dirB);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

let failed = 0;
try {
  const { lists } = await fetch(`${a.baseURL}/api/lists`).then((r) => r.json());
  const ranked = lists.find((l) => l.format === 'ranked');
  const tier = lists.find((l) => l.format === 'tier');
  const screens = [
    ['home', '/'],
    ['browse', '/rankings'],
    ['list', `/list/${ranked.userId}/${ranked.id}`],
    ...(tier ? [['tierlist', `/list/${tier.userId}/${tier.id}`]] : []),
    ['user', `/rankings/user/${ranked.userId}`],
    ['seasons', '/seasons'],
    ['season', '/seasons/s20'],
    ['castaway', '/castaways/sandra-diaz-twine'],
    ['global', '/global-rankings'],
    ['legacy', '/legacy'],
    ['login', '/login'],
    ['notfound', '/no-such-page'],
  ];

  // The first screen and the last: lazy images below the fold load only when scrolled to.
  const inView = (page) =>
    page.waitForFunction(() =>
      [...document.images]
        .filter((i) => {
          const r = i.getBoundingClientRect();
          return r.bottom > 0 && r.top < window.innerHeight;
        })
        .every((i) => i.complete),
    );
  const shoot = async (baseURL, viewport, route) => {
    const context = await browser.newContext({ viewport, baseURL, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(route, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    await inView(page);
    const top = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    // Scrolled to the end once the page stops growing (comments and more load below the fold).
    let height = -1;
    for (;;) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState('networkidle');
      const now = await page.evaluate(() => document.documentElement.scrollHeight);
      if (now === height) break;
      height = now;
      await page.waitForTimeout(300);
    }
    await inView(page);
    const bottom = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    await context.close();
    return [top, bottom];
  };

  const diffPage = await browser.newPage();
  for (const viewport of widths) {
    for (const [name, route] of screens) {
      const [before, after] = [await shoot(a.baseURL, viewport, route), await shoot(b.baseURL, viewport, route)];
      for (const [part, pa, pb] of [['top', before[0], after[0]], ['bottom', before[1], after[1]]]) {
      const stem = path.join(outDir, `${name}-${viewport.width}-${part}`);
      writeFileSync(`${stem}-before.png`, pa);
      writeFileSync(`${stem}-after.png`, pb);
      const result = await diffPage.evaluate(
        async ([x, y]) => {
          const load = (b64) =>
            new Promise((resolve) => {
              const img = new Image();
              img.onload = () => resolve(img);
              img.src = `data:image/png;base64,${b64}`;
            });
          const [ia, ib] = [await load(x), await load(y)];
          const w = Math.max(ia.width, ib.width);
          const h = Math.max(ia.height, ib.height);
          const pixels = (img) => {
            const c = new OffscreenCanvas(w, h);
            const g = c.getContext('2d');
            g.drawImage(img, 0, 0);
            return g.getImageData(0, 0, w, h).data;
          };
          const [da, db] = [pixels(ia), pixels(ib)];
          const out = new OffscreenCanvas(w, h);
          const g = out.getContext('2d');
          const diff = g.createImageData(w, h);
          let differing = 0;
          for (let i = 0; i < da.length; i += 4) {
            const same = da[i] === db[i] && da[i + 1] === db[i + 1] && da[i + 2] === db[i + 2] && da[i + 3] === db[i + 3];
            if (!same) differing++;
            diff.data.set(same ? [da[i], da[i + 1], da[i + 2], 40] : [255, 0, 0, 255], i);
          }
          g.putImageData(diff, 0, 0);
          const blob = await out.convertToBlob();
          const bytes = new Uint8Array(await blob.arrayBuffer());
          let bin = '';
          for (const byte of bytes) bin += String.fromCharCode(byte);
          return { differing, total: w * h, diff: btoa(bin) };
        },
        [pa.toString('base64'), pb.toString('base64')],
      );
      // Text antialiasing and gradients vary by a few pixels between two runs of one build.
      const same = result.differing <= result.total * NOISE;
      if (!same) {
        failed++;
        writeFileSync(`${stem}-diff.png`, Buffer.from(result.diff, 'base64'));
      }
      console.log(`${same ? 'same' : 'DIFF'}  ${name} @${viewport.width} ${part}: ${result.differing} of ${result.total} pixels differ`);
      }
    }
  }
} finally {
  await browser.close();
  a.stop();
  b.stop();
  for (const d of [dirA, dirB]) rmSync(d, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
