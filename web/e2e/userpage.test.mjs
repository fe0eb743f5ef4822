// Journey: a fan's own pages stay current. After a save and after a delete, the user page (its
// cards and its count) and My Lists show the change. Every step follows in-app links, so what
// is tested is the app's cache, not a fresh load.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api, screenshot, signUp, startApp } from './harness.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

/** From My Lists, builds a list of the given Borneo contestants in the creator and saves it; ends on its page. */
async function createFromMyLists(page, name, contestants) {
  await page.getByRole('button', { name: '+ Create New Ranking' }).or(page.getByRole('link', { name: '+ Create New Ranking' })).click();
  await page.waitForURL(/\/create$/);
  // The outgoing page's panel lingers for a moment while the creator mounts its own, in create mode.
  await page.waitForFunction(() => {
    const panels = document.querySelectorAll('aside');
    return panels.length === 1 && panels[0].textContent.includes('Click contestants to add them');
  });
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  // The panel keeps the season it last showed.
  const borneo = panel.getByRole('button', { name: /^Borneo, Season 1$/ });
  await borneo.or(panel.getByRole('button', { name: 'Back to Seasons' })).first().waitFor();
  if (await borneo.isVisible()) await borneo.click();
  for (const c of contestants) await panel.getByRole('button', { name: `Add ${c}` }).click();
  await page.getByLabel('List name').fill(name);
  await page.getByRole('button', { name: 'Save List' }).click();
  await page.waitForURL(/\/list\/[^/]+\/list_\d+$/);
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** From a list page, follows the author link to the user page and returns the names of its cards. */
async function openUserPage(page, count) {
  await page.getByRole('main').locator('a[href^="/rankings/user/"]').first().click();
  await page.getByText(`${count} ranking(s) created by this user`).waitFor();
  return cardNames(page);
}

/** The names on the page's list cards (a card's title is a heading holding a link to the list). */
async function cardNames(page) {
  return page.getByRole('main').getByRole('heading').filter({ has: page.locator('a[href^="/list/"]') }).allTextContents();
}

const card = (page, name) => page.getByRole('main').getByRole('heading', { name }).filter({ has: page.locator('a[href^="/list/"]') });

const myLists = (page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Lists' });

test('the user page, its count and My Lists are current after a save and a delete', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  await signUp(page, 'keeper@example.com');
  await page.goto('/mylists');
  await page.getByRole('heading', { level: 1, name: 'My Lists' }).waitFor();

  await createFromMyLists(page, 'Pagong Power', ['Richard Hatch', 'Rudy Boesch']);
  assert.deepEqual(await openUserPage(page, 1), ['Pagong Power']);

  // Visiting My Lists fills the cache; a second save must still show on both pages.
  await myLists(page).click();
  await card(page, 'Pagong Power').waitFor();
  await createFromMyLists(page, 'Tagi Alliance', ['Kelly Wiglesworth']);
  assert.deepEqual((await openUserPage(page, 2)).sort(), ['Pagong Power', 'Tagi Alliance']);
  await myLists(page).click();
  await card(page, 'Tagi Alliance').waitFor();
  assert.deepEqual((await cardNames(page)).sort(), ['Pagong Power', 'Tagi Alliance']);

  // Delete one from My Lists: it leaves My Lists, and the user page counts one again.
  await page.getByRole('button', { name: 'Delete Pagong Power' }).click();
  await page.getByRole('button', { name: 'Confirm deleting Pagong Power' }).click();
  await card(page, 'Pagong Power').waitFor({ state: 'detached' });
  await card(page, 'Tagi Alliance').getByRole('link').click();
  await page.getByRole('heading', { level: 1, name: 'Tagi Alliance' }).waitFor();
  assert.deepEqual(await openUserPage(page, 1), ['Tagi Alliance']);
  await screenshot(page, 'user-page-after-delete-1280x800');
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`at ${width}: a fan's name and list title keep their own casing in display headings`, async () => {
    const page = await app.newPage({ width, height });
    const me = await signUp(page, `casing${width}@example.com`);
    const name = `CastFan McRae ${width}`;
    const title = 'my Top Heroes of HvV';
    await api(page, 'PATCH', '/api/me', { displayName: name });
    await api(page, 'POST', '/api/lists', { name: title, description: '', tags: [], isPublic: true, contestants: [{ id: 'richard-hatch', isSeason: false }] });

    await page.goto(`/rankings/user/${me.id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.filter({ hasText: name }).waitFor();
    // innerText is the text as rendered, after text-transform: the fixed words may be capitals, the name may not.
    assert.equal(await heading.innerText(), `RANKINGS BY ${name}`);
    const card = page.getByRole('main').getByRole('heading', { name: title });
    // Cards off screen skip rendering (content-visibility), and an unrendered box has no innerText.
    await card.scrollIntoViewIfNeeded();
    await page.waitForFunction((t) => [...document.querySelectorAll('main h2, main h3')].some((h) => h.innerText === t), title);
    assert.equal(await card.innerText(), title);
    await screenshot(page, `user-heading-mixed-case-${width}`);
    await page.context().close();
  });
}
