// Journey: browsing the seasons side panel against the real server.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { screenshot, startApp } from './harness.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

test('desktop: search, open a season, back, collapse survives a reload', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  await page.goto('/');
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  const search = panel.getByPlaceholder('Search seasons or contestants...');
  await panel.getByRole('list', { name: 'All seasons' }).waitFor();
  await screenshot(page, 'home-1280x800');

  await search.fill('Parvati');
  await panel.getByRole('heading', { name: 'Search Results' }).waitFor();
  const people = panel.getByRole('list', { name: 'Matching contestants' });
  assert.equal(await people.getByText('Parvati Shallow', { exact: true }).count(), 1);

  await panel.getByRole('button', { name: 'Clear search' }).click();
  assert.equal(await search.inputValue(), '');
  await panel.getByRole('list', { name: 'All seasons' }).waitFor();

  await panel.getByRole('button', { name: /^Borneo, Season 1$/ }).click();
  const cast = panel.getByRole('list', { name: 'Contestants of Borneo' });
  await cast.waitFor();
  assert.ok((await cast.getByRole('listitem').count()) >= 16, 'Borneo has its full cast');
  await cast.getByText('Richard Hatch').waitFor();

  await panel.getByRole('button', { name: 'Back to Seasons' }).click();
  await panel.getByRole('list', { name: 'All seasons' }).waitFor();

  await panel.getByRole('button', { name: 'Collapse seasons panel' }).click();
  assert.equal(await search.isVisible(), false);
  await page.reload();
  await panel.getByRole('button', { name: 'Expand seasons panel' }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('seasonsSectionCollapsed')), 'true');
  assert.equal(await search.isVisible(), false);

  await panel.getByRole('button', { name: 'Expand seasons panel' }).click();
  await search.waitFor({ state: 'visible' });
  await page.context().close();
});

test('phone: the panel can be hidden and shown again', async () => {
  const page = await app.newPage({ width: 390, height: 844 });
  await page.goto('/');
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  await panel.getByRole('list', { name: 'All seasons' }).waitFor();
  await screenshot(page, 'home-390x844');

  const search = panel.getByPlaceholder('Search seasons or contestants...');
  await panel.getByRole('button', { name: 'Hide seasons' }).click();
  await search.waitFor({ state: 'hidden' });
  await panel.getByRole('button', { name: 'Show seasons' }).click();
  await search.waitFor({ state: 'visible' });

  // The handle resizes the panel from the keyboard too, within its clamp.
  const handle = panel.getByRole('separator', { name: 'Resize seasons panel' });
  const before = Number(await handle.getAttribute('aria-valuenow'));
  await handle.focus();
  await page.keyboard.press('ArrowDown');
  assert.ok(Number(await handle.getAttribute('aria-valuenow')) > before);
  await page.keyboard.press('Home');
  assert.equal(Number(await handle.getAttribute('aria-valuenow')), 100);
  await page.context().close();
});

test("first paint of '/' stays within 125 KB of gzipped JS and CSS", { skip: process.env.CASTAWAY_E2E_DEV === '1' && 'dev server is unbundled' }, async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  const bodies = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (/\.(js|css)$/.test(url.pathname)) bodies.push(res.body().then((b) => ({ url: url.pathname, size: gzipSync(b, { level: 9 }).length })));
  });
  await page.goto('/');
  await page.getByRole('list', { name: 'All seasons' }).waitFor();
  await page.getByRole('heading', { level: 1 }).waitFor();
  const files = await Promise.all(bodies);
  const total = files.reduce((n, f) => n + f.size, 0);
  assert.ok(files.length > 0, 'the page loaded scripts');
  assert.ok(total <= 125 * 1024, `first paint is ${total} bytes gzipped: ${JSON.stringify(files)}`);
  console.log(`first paint of '/': ${(total / 1024).toFixed(1)} KB gzipped JS+CSS in ${files.length} files`);
  await page.context().close();
});
