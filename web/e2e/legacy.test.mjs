// Journey: the earlier product's data in the real app. The server runs with the test idol
// chance (CASTAWAY_IDOL_CHANCE=1, so every season card a signed-in fan opens finds one), and
// the sample Firestore export is imported with `castaway import-firestore` into its database:
// the idol hunt at both widths, the legacy rankings page live, and an old link that works.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { screenshot, signUp, startApp } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = process.env.CASTAWAY_BIN ?? path.join(here, '..', '..', 'bin', 'castaway');
const sample = path.join(here, '..', '..', 'internal', 'importer', 'testdata', 'firestore-export.json');
const NOTICE = 'You found a Hidden Immunity Idol!';

let app;

before(async () => {
  app = await startApp({ env: { CASTAWAY_IDOL_CHANCE: '1' } });
  const run = spawnSync(bin, ['import-firestore', sample, '--quiet'], {
    env: { ...process.env, CASTAWAY_DATA_DIR: app.dataDir },
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, `import failed:\n${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /users\s+6\s+0\s+0/);
});

after(async () => {
  await app?.stop();
});

/**
 * The idol overlay's card once it shows: where it is, and whether it takes clicks. Read in
 * the same call that finds it: the card leaves after 3000 ms, and a second call on a busy
 * machine came after it had gone.
 */
async function overlayState(page) {
  const found = await page.waitForFunction((notice) => {
    const layer = [...document.querySelectorAll('[role="status"]')].find((l) => l.textContent.includes(notice));
    const card = layer?.firstElementChild;
    if (!card) return null;
    const r = card.getBoundingClientRect();
    const mid = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
    return {
      dx: Math.abs(r.left + r.width / 2 - innerWidth / 2),
      dy: Math.abs(r.top + r.height / 2 - innerHeight / 2),
      opacity: getComputedStyle(card).opacity,
      layerPointerEvents: getComputedStyle(layer).pointerEvents,
      cardPointerEvents: getComputedStyle(card).pointerEvents,
      clickGoesThrough: !layer.contains(mid),
      inPanel: layer.closest('aside') !== null,
      hasIdol: card.querySelector('svg') !== null,
      text: card.textContent,
    };
  }, NOTICE);
  return found.jsonValue();
}

/** The overlay is centred in the window, opaque from its first frame, and lets clicks through. */
function assertOverlay(o, where) {
  assert.ok(o.dx <= 2 && o.dy <= 2, `${where}: centred in the window (off by ${o.dx}, ${o.dy})`);
  assert.equal(o.opacity, '1', `${where}: opaque as it appears`);
  assert.equal(o.layerPointerEvents, 'none', `${where}: the overlay takes no clicks`);
  assert.equal(o.cardPointerEvents, 'none', `${where}: the overlay's card takes no clicks`);
  assert.ok(o.clickGoesThrough, `${where}: a click at the window's centre reaches the page`);
  assert.equal(o.inPanel, false, `${where}: over the page, not inside the panel`);
  assert.ok(o.hasIdol, `${where}: shows the idol`);
}

/** Shows the phone's seasons panel if it is hidden (it starts hidden outside the creator). */
async function showPanel(panel) {
  const show = panel.getByRole('button', { name: 'Show seasons' });
  const grid = panel.getByRole('list', { name: 'All seasons' });
  await show.or(grid).first().waitFor();
  if (await show.isVisible()) await show.click();
  await grid.waitFor();
}

/** Opens a season card in the side panel and checks the idol overlay, then waits for it to leave. */
async function findIdol(page, shot) {
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  await showPanel(panel);
  await panel.getByRole('button', { name: /^Borneo, Season 1$/ }).click();
  const o = await overlayState(page);
  assertOverlay(o, shot);
  assert.equal(o.text, NOTICE);
  await screenshot(page, shot);
  // Shown for 3000 ms, then gone.
  await page.getByText(NOTICE).waitFor({ state: 'detached', timeout: 6000 });
  await panel.getByRole('button', { name: 'Back to Seasons' }).click();
}

test('desktop: opening a season card finds an idol, counted on My Lists and the user page', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  const me = await signUp(page, 'hunter@example.com');
  await page.goto('/');
  await page.getByRole('heading', { name: 'Recently Created Lists' }).waitFor();
  await findIdol(page, 'idol-found-1280');
  // Under reduced motion the find shows all the same.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await findIdol(page, 'idol-found-again-1280-reduced-motion');
  await page.getByRole('link', { name: 'My Lists' }).click();
  await page.getByText('Hidden Immunity Idols: 2').waitFor();
  await screenshot(page, 'idols-mylists-1280');
  await page.goto(`/rankings/user/${me.id}`);
  await page.getByText('Hidden Immunity Idols: 2').waitFor();
  await page.context().close();
});

test('phone: the idol overlay shows over the page and never blocks the sheet', async () => {
  const page = await app.newPage({ width: 390, height: 844 });
  await signUp(page, 'phone.hunter@example.com');
  await page.goto('/');
  await findIdol(page, 'idol-found-390');

  // In the creator's sheet the fan can press Done while the find still shows.
  await page.goto('/create');
  await page.getByRole('button', { name: 'Add contestants or seasons' }).click();
  const sheet = page.getByRole('complementary', { name: 'Seasons' });
  await sheet.getByRole('button', { name: /^Borneo, Season 1$/ }).click();
  assertOverlay(await overlayState(page), 'over the sheet');
  await sheet.getByRole('button', { name: 'Done' }).click({ timeout: 1500 });
  await page.waitForFunction(() => document.querySelector('aside')?.dataset.sheet === 'closed');
  assert.equal(await page.getByText(NOTICE).count(), 1, 'Done was pressed while the find showed');
  await page.goto('/mylists');
  await page.getByText('Hidden Immunity Idols: 2').waitFor();
  await page.context().close();
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`signed out at ${width}: a find is shown and asks for a sign-in; nothing is counted`, async () => {
    const page = await app.newPage({ width, height });
    const searches = [];
    page.on('request', (r) => r.url().includes('/api/me/idols/search') && searches.push(r.url()));
    await page.goto('/');
    const panel = page.getByRole('complementary', { name: 'Seasons' });
    await showPanel(panel);
    // The page rolls a signed-out visitor's 5% itself: a miss, then a find.
    await page.evaluate(() => {
      Math.random = () => 0.99;
    });
    await panel.getByRole('button', { name: /^Borneo, Season 1$/ }).click();
    await panel.getByRole('button', { name: 'Back to Seasons' }).click();
    assert.equal(await page.getByText(NOTICE).count(), 0, 'a miss shows nothing');
    await page.evaluate(() => {
      Math.random = () => 0.01;
    });
    await panel.getByRole('button', { name: /^Borneo, Season 1$/ }).click();
    const o = await overlayState(page);
    assertOverlay(o, `signed out at ${width}`);
    assert.equal(o.text, `${NOTICE}Sign in to keep your idols.`);
    await screenshot(page, `idol-found-signed-out-${width}`);
    assert.deepEqual(searches, []);
    await page.context().close();
  });
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`legacy rankings at ${width}: the imported record, linked from the footer, live`, async () => {
    const page = await app.newPage({ width, height });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Legacy rankings' }).click();
    await page.waitForURL(/\/legacy$/);
    await page.getByRole('heading', { level: 1, name: 'Legacy Rankings' }).waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page opens at its top');
    const maddy = page.getByRole('region', { name: "Maddy's List" });
    await maddy.getByText('Heroes vs. Villains').waitFor();
    await page.getByRole('region', { name: "Kendall's List" }).getByText('Cirie Fields').waitFor();
    await page.getByRole('region', { name: "Andrew's List" }).getByText('Nothing ranked yet.').waitFor();
    await screenshot(page, `legacy-${width}`);

    // A signed-in fan edits the record in another tab: this page follows.
    const other = await page.context().newPage();
    await signUp(other, `legacy${width}@example.com`);
    await other.goto('/legacy');
    await other.getByRole('button', { name: 'Edit the lists' }).click();
    const andrew = other.getByRole('region', { name: "Andrew's List" });
    await andrew.getByRole('searchbox', { name: "Add to Andrew's List" }).fill('Ryan Aiken');
    await andrew.getByRole('button', { name: /^Add Ryan Aiken/ }).click();
    await andrew.getByRole('button', { name: 'Remove Ryan Aiken' }).waitFor();
    await screenshot(other, `legacy-editing-${width}`);
    await other.getByRole('button', { name: 'Save' }).click();
    await other.getByText('Legacy rankings saved.').waitFor();
    await page.getByRole('region', { name: "Andrew's List" }).getByText('Ryan Aiken').waitFor();
    await screenshot(page, `legacy-live-${width}`);
    // Put it back for the other width.
    await other.getByRole('button', { name: 'Edit the lists' }).click();
    await other.getByRole('region', { name: "Andrew's List" }).getByRole('button', { name: 'Remove Ryan Aiken' }).click();
    await other.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('region', { name: "Andrew's List" }).getByText('Nothing ranked yet.').waitFor();
    await page.context().close();
  });
}

test("an imported fan's old links keep working", async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  await page.goto('/list/uM4ddyR/list_1744400000000');
  await page.getByRole('heading', { level: 1, name: 'Best Winners Ever' }).waitFor();
  await page.getByText('Richard Hatch').first().waitFor();
  await page.getByText('Hatch at #1 is correct.').waitFor();
  await screenshot(page, 'imported-list-1280');
  await page.goto('/rankings/user/uM4ddyR');
  await page.getByRole('heading', { name: 'Rankings by Maddy' }).waitFor();
  await page.getByText('Hidden Immunity Idols: 0').waitFor();
  await page.getByText('Best Winners Ever').waitFor();
  await screenshot(page, 'imported-user-1280');
  await page.context().close();
});
