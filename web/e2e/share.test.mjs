// Journey: sharing a list as an image, on a desktop and on a phone, against the real server.
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { injectAxe, screenshot, screenshotDir, settled, signUp, startApp } from './harness.mjs';

/** axe-core (WCAG 2.2 AA) on the open dialog: its violations as readable lines. */
async function auditDialog(page) {
  await injectAxe(page);
  const violations = await page.evaluate(() =>
    window.axe
      .run('dialog[open]', { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] })
      .then((r) => r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)),
  );
  return violations;
}

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

/** Creates a list through the API from the signed-in page; returns it. */
async function createList(page, { name, isPublic = true, seasons = false }) {
  return page.evaluate(
    async ({ name, isPublic, seasons }) => {
      const catalog = await (await fetch('/api/catalog/seasons')).json();
      const contestants = seasons
        ? catalog.seasons.slice(0, 6).map((s) => ({ id: s.id, isSeason: true }))
        : catalog.seasons.find((s) => s.id === 's20').contestants.slice(0, 7).map((c) => ({ id: c.id, isSeason: false, seasonId: 's20' }));
      const res = await fetch('/api/lists', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, description: 'Shared from the e2e journey.', tags: [], contestants, isPublic }),
      });
      if (res.status !== 201) throw new Error(`create list: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { name, isPublic, seasons },
  );
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test('desktop: Share draws the image, previews it and downloads it under the list name', async () => {
  // No service worker: the app's claims the page once installed, and a request it answers
  // passes by page.route, which slows the image below.
  const page = await app.newPage({ width: 1280, height: 800 }, { serviceWorkers: 'block' });
  await signUp(page, 'sharer@example.com');
  const list = await createList(page, { name: "Heroes vs. Villains: Who's Best?" });
  await page.goto(`/list/${list.userId}/${list.id}`);
  await page.getByRole('heading', { level: 1, name: list.name }).waitFor();

  // Slow the image down a little so 'Generating...' can be seen.
  await page.route('**/share.png', async (route) => {
    await new Promise((r) => setTimeout(r, 300));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('button', { name: 'Generating...' }).waitFor();
  const dialog = page.getByRole('dialog', { name: 'Share List Image' });
  await dialog.waitFor();
  const preview = dialog.getByRole('img', { name: /Share image of/ });
  await page.waitForFunction(() => {
    const img = document.querySelector('dialog[open] img');
    return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
  });
  const natural = await preview.evaluate((img) => [img.naturalWidth, img.naturalHeight]);
  assert.deepEqual(natural, [1024, 1536], 'the preview is the drawn share image');
  const box = await preview.boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= 800, `the whole preview is in view: ${JSON.stringify(box)}`);
  assert.equal(await dialog.getByText('Press and hold the image to save it').count(), 0, 'no long-press hint on a desktop');
  await settled(page);
  await screenshot(page, 'share-desktop');
  assert.deepEqual(await auditDialog(page), [], 'the dialog passes axe');

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download Image' }).click()]);
  assert.equal(download.suggestedFilename(), 'Heroes_vs_Villains_Who_s_Best_ranking.png');
  const saved = await readFile(await download.path());
  assert.ok(saved.subarray(0, 8).equals(PNG_SIGNATURE), 'the download is a PNG');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.getByRole('button', { name: 'Share' }).evaluate((b) => b === document.activeElement), true, 'focus returns to Share');

  // The server's answer: cached by version, and a link preview names it.
  const res = await page.request.get(`/api/lists/${list.userId}/${list.id}/share.png`);
  assert.equal(res.status(), 200);
  const etag = res.headers()['etag'];
  assert.ok(etag, 'share.png has an ETag');
  const again = await page.request.get(`/api/lists/${list.userId}/${list.id}/share.png`, { headers: { 'If-None-Match': etag } });
  assert.equal(again.status(), 304);
  await mkdir(screenshotDir, { recursive: true });
  await writeFile(path.join(screenshotDir, 'share-image.png'), await res.body());

  const bot = await fetch(`${app.baseURL}/list/${list.userId}/${list.id}`);
  const html = await bot.text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  // The version of the drawing and of the list ride along, so previews fetch a redrawn image.
  assert.match(image ?? '', new RegExp(`/api/lists/${list.userId}/${list.id}/share\\.png\\?v=[^&]+$`), `og:image names the share image: ${image}`);
  assert.match(html, /<meta name="twitter:card" content="summary_large_image" \/>/);
  await page.context().close();
});

test('phone: Share shows the preview with the long-press hint instead of a download', async () => {
  const page = await app.newPage({ width: 390, height: 844 });
  await signUp(page, 'phone-sharer@example.com');
  const list = await createList(page, { name: 'Best Seasons', seasons: true, isPublic: false });
  await page.goto(`/list/${list.userId}/${list.id}`);
  await page.getByRole('heading', { level: 1, name: list.name }).waitFor();
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share List Image' });
  await dialog.waitFor();
  await dialog.getByText('Press and hold the image to save it').waitFor();
  assert.equal(await dialog.getByRole('link', { name: 'Download Image' }).count(), 0, 'no download button on a phone');
  await page.waitForFunction(() => {
    const img = document.querySelector('dialog[open] img');
    return img instanceof HTMLImageElement && img.complete && img.naturalWidth === 1024;
  });
  const box = await dialog.getByRole('img').boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the preview fits the phone's width: ${JSON.stringify(box)}`);
  await settled(page);
  await screenshot(page, 'share-phone');
  assert.deepEqual(await auditDialog(page), [], 'the dialog passes axe');

  // A private list's image is its owner's alone.
  const stranger = await fetch(`${app.baseURL}/api/lists/${list.userId}/${list.id}/share.png`);
  assert.equal(stranger.status, 404);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.context().close();
});
