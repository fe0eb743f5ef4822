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

/** Opens a season card in the side panel and waits for the idol notice, then for it to leave. */
async function findIdol(page, shot) {
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  await panel.getByRole('button', { name: /^Borneo, Season 1$/ }).click();
  const notice = page.getByRole('status').filter({ hasText: NOTICE });
  await notice.waitFor();
  await screenshot(page, shot);
  // Shown for 3000 ms, then gone.
  await notice.waitFor({ state: 'detached', timeout: 6000 });
  await panel.getByRole('button', { name: 'Back to Seasons' }).click();
}

test('desktop: opening a season card finds an idol, counted on My Lists and the user page', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  const me = await signUp(page, 'hunter@example.com');
  await page.goto('/');
  await page.getByRole('heading', { name: 'Recently Created Lists' }).waitFor();
  await findIdol(page, 'idol-found-1280');
  await findIdol(page, 'idol-found-again-1280');
  await page.getByRole('link', { name: 'My Lists' }).click();
  await page.getByText('Hidden Immunity Idols: 2').waitFor();
  await screenshot(page, 'idols-mylists-1280');
  await page.goto(`/rankings/user/${me.id}`);
  await page.getByText('Hidden Immunity Idols: 2').waitFor();
  await page.context().close();
});

test('phone: the idol notice shows over the panel', async () => {
  const page = await app.newPage({ width: 390, height: 844 });
  await signUp(page, 'phone.hunter@example.com');
  await page.goto('/');
  await findIdol(page, 'idol-found-390');
  await page.goto('/mylists');
  await page.getByText('Hidden Immunity Idols: 1').waitFor();
  await page.context().close();
});

test('signed out, opening a season card searches for nothing', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  const searches = [];
  page.on('request', (r) => r.url().includes('/api/me/idols/search') && searches.push(r.url()));
  await page.goto('/');
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  await panel.getByRole('button', { name: /^Borneo, Season 1$/ }).click();
  await panel.getByRole('button', { name: 'Back to Seasons' }).waitFor();
  assert.deepEqual(searches, []);
  assert.equal(await page.getByText(NOTICE).count(), 0);
  await page.context().close();
});

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
