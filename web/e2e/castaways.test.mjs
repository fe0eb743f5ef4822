// Journey: a castaway's page, opened from the seasons panel and from an entry of a list page,
// on a desktop and a phone, against the real server.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { screenshot, signUp, startApp } from './harness.mjs';

let app;
let list;

before(async () => {
  app = await startApp();
  // A fan publishes a Heroes vs. Villains ranking with Parvati first.
  const page = await app.newPage();
  await signUp(page, 'castaways@example.com');
  list = await page.evaluate(async () => {
    const contestants = ['parvati-shallow', 'sandra-diaz-twine', 'russell-hantz'].map((id) => ({ id, isSeason: false, seasonId: 's20' }));
    const res = await fetch('/api/lists', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Villains who ran the game', contestants }),
    });
    if (res.status !== 201) throw new Error(`create list: ${res.status} ${await res.text()}`);
    return res.json();
  });
  await page.context().close();
});

after(async () => {
  await app?.stop();
});

/** Checks the castaway page of Parvati Shallow as it stands after the list above. */
async function expectParvati(page) {
  await page.waitForURL('**/castaways/parvati-shallow');
  await page.getByRole('heading', { level: 1, name: 'Parvati Shallow' }).waitFor();
  const seasons = page.getByRole('region', { name: 'Their 5 seasons' });
  // The section fills in slices as the page starts: its last season shows once all have.
  await seasons.getByRole('link', { name: /^AU 11 / }).waitFor();
  assert.deepEqual(
    (await seasons.getByRole('link', { name: /^(Season|AU) / }).allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim()),
    ['Season 13 Cook Islands', 'Season 16 Micronesia', 'Season 20 Heroes vs. Villains', 'Season 40 Winners at War', 'AU 11 Australia vs. The World'],
  );
  await seasons.getByText('#1 of 3 in its community ranking').waitFor();
  assert.equal((await page.getByText('All-time community rank').locator('xpath=..').textContent()).includes('#1 of 3'), true);
  const card = page.getByRole('list', { name: 'Lists ranking Parvati Shallow' }).getByRole('article', { name: 'Villains who ran the game' });
  await card.getByText('#1 in this list').waitFor();
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`${label}: the seasons panel and a list's entry open a castaway's page`, async () => {
    const page = await app.newPage(viewport);
    await page.goto('/');
    const panel = page.getByRole('complementary', { name: 'Seasons' });
    const show = panel.getByRole('button', { name: 'Show seasons' });
    const grid = panel.getByRole('list', { name: 'All seasons' });
    await show.or(grid).first().waitFor();
    if (await show.isVisible()) await show.click();
    await panel.getByRole('button', { name: /^Heroes vs\. Villains, Season 20$/ }).click();
    await panel.getByRole('list', { name: 'Contestants of Heroes vs. Villains' }).getByRole('link', { name: 'Parvati Shallow, castaway page' }).click();
    await expectParvati(page);
    // The page as the server sends it (a link's preview, a search engine) names the castaway.
    await page.reload();
    await expectParvati(page);
    assert.equal(await page.title(), 'Parvati Shallow — Survivor castaway rankings');
    assert.match(await page.locator('meta[property="og:description"]').getAttribute('content'), /^Parvati Shallow played .*Heroes vs\. Villains.*#1 of all time/);
    // On a phone the panel sits above the page while shown: hide it to see the castaway.
    if (await panel.getByRole('button', { name: 'Hide seasons' }).isVisible()) await panel.getByRole('button', { name: 'Hide seasons' }).click();
    await screenshot(page, `castaway-${viewport.width}x${viewport.height}`);

    // From the list page: each entry opens its castaway, and their page leads back to the list.
    await page.goto(`/list/${list.userId}/${list.id}`);
    await page.getByRole('heading', { level: 1, name: 'Villains who ran the game' }).waitFor();
    await page.getByRole('link', { name: 'Parvati Shallow', exact: true }).click();
    await expectParvati(page);
    await page.getByRole('link', { name: 'Villains who ran the game' }).click();
    await page.waitForURL(`**/list/${list.userId}/${list.id}`);
    await page.context().close();
  });
}

test('an unknown castaway is a 404 whose page says so', async () => {
  const page = await app.newPage({ width: 390, height: 844 });
  const res = await page.goto('/castaways/nobody-at-all');
  assert.equal(res.status(), 404);
  await page.getByRole('heading', { name: 'Castaway not found.' }).waitFor();
  await page.context().close();
});
