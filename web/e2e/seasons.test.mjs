// Journey: browsing the seasons side panel against the real server.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { screenshot, signUp, startApp } from './harness.mjs';

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

test('phone: the panel starts hidden so the page comes first, and showing or hiding it survives a reload', async () => {
  const page = await app.newPage({ width: 390, height: 844 });
  await page.goto('/rankings');
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  const search = panel.getByPlaceholder('Search seasons or contestants...');
  const heading = page.getByRole('heading', { level: 1, name: 'Browse Rankings' });
  await heading.waitFor();
  await panel.getByRole('button', { name: 'Show seasons' }).waitFor();
  assert.equal(await search.isVisible(), false);
  const top = (await heading.boundingBox()).y;
  assert.ok(top < 844 / 2, `the rankings' heading starts in the upper half of the first screen (at ${top}px)`);
  await screenshot(page, 'rankings-panel-hidden-390x844');

  await panel.getByRole('button', { name: 'Show seasons' }).click();
  await search.waitFor({ state: 'visible' });
  await page.reload();
  await panel.getByRole('list', { name: 'All seasons' }).waitFor();
  await screenshot(page, 'home-390x844');

  await panel.getByRole('button', { name: 'Hide seasons' }).click();
  await search.waitFor({ state: 'hidden' });
  await page.goto('/');
  await panel.getByRole('button', { name: 'Show seasons' }).waitFor();
  assert.equal(await search.isVisible(), false);
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

/** The top of a season's card (its list item, which hover does not lift) in the viewport. */
async function cardTop(panel, name) {
  return panel.getByRole('list', { name: 'All seasons' }).getByRole('button', { name }).evaluate((card) => card.closest('li').getBoundingClientRect().top);
}

/** A mouse click at the middle of what the locator finds, without scrolling anything into view. */
async function clickAt(page, locator) {
  const box = await locator.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + Math.min(box.height / 2, 20));
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`${label}: Back to Seasons puts the season's card back where it was on screen, every time`, async () => {
    const page = await app.newPage(viewport);
    await page.goto('/');
    const panel = page.getByRole('complementary', { name: 'Seasons' });
    const show = panel.getByRole('button', { name: 'Show seasons' });
    const grid = panel.getByRole('list', { name: 'All seasons' });
    await show.or(grid).first().waitFor();
    if (await show.isVisible()) await show.click();
    await grid.waitFor();
    const search = panel.getByPlaceholder('Search seasons or contestants...');
    const hvv = /^Heroes vs\. Villains, Season 20$/;

    for (const [round, searchFirst] of [[1, false], [2, true], [3, false], [4, true]]) {
      if (searchFirst) {
        await search.fill('villains');
        await panel.getByRole('heading', { name: 'Search Results' }).waitFor();
        await panel.getByRole('button', { name: 'Clear search' }).click();
        await grid.waitFor();
      }
      // Scroll the grid so the card sits part way down the panel, a different place each round.
      await grid.getByRole('button', { name: hvv }).evaluate((card, r) => {
        const body = card.closest('ul').parentElement;
        const li = card.closest('li');
        body.scrollTop += li.getBoundingClientRect().top - body.getBoundingClientRect().top - [0, 20, 70, 120, 145][r];
      }, round);
      // Clicked where they are, as a fan would: a locator's click could scroll the page first.
      const before = await cardTop(panel, hvv);
      await clickAt(page, grid.getByRole('button', { name: hvv }));
      await panel.getByRole('list', { name: 'Contestants of Heroes vs. Villains' }).waitFor();
      await clickAt(page, panel.getByRole('button', { name: 'Back to Seasons' }));
      await grid.waitFor();
      const after = await cardTop(panel, hvv);
      assert.ok(Math.abs(after - before) <= 1, `round ${round}${searchFirst ? ' (searched first)' : ''}: the card was at ${before}px and came back at ${after}px`);
      // Once images and fonts settle, it is still there.
      await page.waitForFunction(() =>
        [...document.images].filter((i) => i.getBoundingClientRect().bottom > 0 && i.getBoundingClientRect().top < innerHeight).every((i) => i.complete),
      );
      const settledTop = await cardTop(panel, hvv);
      assert.ok(Math.abs(settledTop - before) <= 1, `round ${round}: the card moved to ${settledTop}px after the page settled`);
      assert.equal(await grid.getByRole('button', { name: hvv }).evaluate((b) => b === document.activeElement), true, 'focus is back on the card');
    }
    await page.context().close();
  });
}

// The first paint of each page a visitor lands on: its HTML and every script and style it
// loads before its heading shows, gzipped, within 110 KB (issue 64).
test('first paint of every landing page stays within 110 KB gzipped', { skip: process.env.CASTAWAY_E2E_DEV === '1' && 'dev server is unbundled' }, async () => {
  const setup = await app.newPage({ width: 1280, height: 800 });
  await signUp(setup, 'first-paint@example.com');
  const list = await setup.evaluate(async () => {
    const res = await fetch('/api/lists', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Queens', contestants: [{ id: 'parvati-shallow', isSeason: false }], isPublic: true }),
    });
    return res.json();
  });
  await setup.context().close();
  const pages = ['/', '/rankings', `/list/${list.userId}/${list.id}`, '/castaways/parvati-shallow', '/seasons/s20'];
  for (const path of pages) {
    const page = await app.newPage({ width: 1280, height: 800 });
    const bodies = [];
    // What loads once the heading shows (the page's later slices, lazy parts) is not the
    // first paint's, and its body may be asked for after the page has closed.
    let painted = false;
    page.on('response', (res) => {
      if (painted) return;
      const url = new URL(res.url());
      if (/\.(js|css)$/.test(url.pathname) || res.request().resourceType() === 'document') {
        bodies.push(res.body().then((b) => ({ url: url.pathname, size: gzipSync(b, { level: 9 }).length })));
      }
    });
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    painted = true;
    const files = await Promise.all(bodies);
    const total = files.reduce((n, f) => n + f.size, 0);
    assert.ok(files.length > 1, `${path} loaded its scripts`);
    assert.ok(total <= 110 * 1024, `first paint of ${path} is ${total} bytes gzipped: ${JSON.stringify(files)}`);
    console.log(`first paint of ${path}: ${(total / 1024).toFixed(1)} KB gzipped in ${files.length} files`);
    await page.context().close();
  }
});
