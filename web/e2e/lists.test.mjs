// Journey: building, saving, editing and protecting ranked lists against the real server.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { announced, expectItems, mouseDrag } from './dnd.mjs';
import { screenshot, serverDraft, settled, signUp, startApp, until } from './harness.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

/** Drags a panel tile with the mouse into the upper part of a ranked item. */
// Let go only once the target itself is announced and shows the tile landing before it: a
// pointer passing over other places on its way announces them first, and a busy page may
// not have caught up with the last move.
const drag = (page, from, to, over) => mouseDrag(page, from, to, { over, yFraction: 0.25, drop: 'before' });

const expectRanked = (page, names) => expectItems(page, 'Ranked items', '[class*="itemName"]', names);

test('desktop: build a list by click, drag and keyboard, keep the draft, save, edit, make private', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  const me = await signUp(page, 'ranker@example.com');
  await page.goto('/create');
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  await panel.getByText('Click contestants to add them to your ranking list or drag them for precise positioning.').waitFor();
  const saveButton = page.getByRole('button', { name: 'Save List' });
  assert.equal(await saveButton.isDisabled(), true, 'save is disabled while the list is empty');

  // By click.
  await panel.getByRole('button', { name: /^Borneo, Season 1$/ }).click();
  await panel.getByRole('button', { name: 'Add Richard Hatch' }).click();
  await panel.getByRole('button', { name: 'Add Rudy Boesch' }).click();
  await panel.getByRole('button', { name: 'Add Richard Hatch' }).click(); // duplicate: ignored
  await expectRanked(page, ['Richard Hatch', 'Rudy Boesch']);

  // By pointer drag into a precise slot: before Richard Hatch.
  const kelly = panel.getByRole('button', { name: /^Add Kelly Wiglesworth$/ });
  await drag(page, kelly, page.getByRole('list', { name: 'Ranked items' }).locator(':scope > li').first(), /Kelly Wiglesworth is over position 1 of /);
  await expectRanked(page, ['Kelly Wiglesworth', 'Richard Hatch', 'Rudy Boesch']);

  // By keyboard: focus a contestant, Enter adds it; then move it up with the keyboard.
  await panel.getByRole('button', { name: 'Add Susan Hawk' }).focus();
  await page.keyboard.press('Enter');
  await expectRanked(page, ['Kelly Wiglesworth', 'Richard Hatch', 'Rudy Boesch', 'Susan Hawk']);
  await page.getByRole('button', { name: 'Move Susan Hawk, position 4' }).focus();
  // Each key press is announced; the next press waits for that announcement.
  await page.keyboard.press('Space');
  await announced(page, /Susan Hawk is over position 4 of 4/);
  // dnd-kit's keyboard sensor listens for arrows from the task after it starts.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await page.keyboard.press('ArrowUp');
  await announced(page, /Susan Hawk is over position 3 of 4/);
  await page.keyboard.press('ArrowUp');
  await announced(page, /Susan Hawk is over position 2 of 4/);
  await page.keyboard.press('Space');
  await announced(page, /Susan Hawk was dropped at position 2 of 4/);
  await expectRanked(page, ['Kelly Wiglesworth', 'Susan Hawk', 'Richard Hatch', 'Rudy Boesch']);

  // The mixing rule: a season cannot join a list of contestants.
  await panel.getByRole('button', { name: 'Add season' }).click();
  await page.getByText('Cannot mix contestants and seasons.').waitFor();
  assert.equal(await page.getByTestId('type-tag').textContent(), 'Survivor ranking');

  // Remove one.
  await page.getByRole('button', { name: 'Remove Rudy Boesch' }).click();
  await expectRanked(page, ['Kelly Wiglesworth', 'Susan Hawk', 'Richard Hatch']);

  await page.getByLabel('List name').fill('Borneo Legends');
  await page.getByLabel('Description').fill('The first tribe, ranked.');
  await page.getByRole('button', { name: 'Strategic' }).click();
  // Let the draft autosave (2 s after the last change), then leave and come back. An
  // earlier autosave's 'Draft saved' may still be showing, so wait for the stored draft itself.
  await page.getByText('Draft saved').waitFor({ timeout: 6000 });
  await until(async () => {
    const draft = await serverDraft(page);
    return draft?.name === 'Borneo Legends' && draft.contestants.length === 3;
  }, 'the draft is saved');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/');
  await page.goto('/create');
  await page.getByText('Your unsaved draft was restored.').waitFor();
  assert.equal(await page.getByLabel('List name').inputValue(), 'Borneo Legends');
  await expectRanked(page, ['Kelly Wiglesworth', 'Susan Hawk', 'Richard Hatch']);
  await screenshot(page, 'create-1280x800');

  // Save: goes to the list page.
  await page.getByRole('button', { name: 'Save List' }).click();
  await page.waitForURL(new RegExp(`/list/${me.id}/list_\\d+$`));
  await page.getByRole('heading', { level: 1, name: 'Borneo Legends' }).waitFor();
  await page.getByText('Strategic', { exact: true }).waitFor();
  assert.equal(await page.getByText('survivor-ranking').count(), 0, 'the type tag is hidden');
  const listUrl = new URL(page.url()).pathname;
  const listId = listUrl.split('/').pop();
  assert.equal(await page.evaluate(async () => (await fetch('/api/me/draft')).status), 204, 'saving cleared the draft');
  await screenshot(page, 'list-1280x800');

  // Edit: make it private and rename it.
  await page.getByRole('button', { name: 'Edit List' }).click();
  await page.waitForURL('**/create');
  await page.getByRole('heading', { name: 'Edit Ranking' }).waitFor();
  assert.equal(await page.getByLabel('List name').inputValue(), 'Borneo Legends');
  await page.getByLabel('List name').fill('Borneo Legends (private)');
  await page.getByRole('switch', { name: 'Public' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.waitForURL(`**${listUrl}`);
  await page.getByRole('heading', { level: 1, name: 'Borneo Legends (private)' }).waitFor();
  await page.getByText('Private', { exact: true }).first().waitFor();

  // My Lists shows it with a Private badge.
  await page.goto('/mylists');
  await page.getByRole('link', { name: 'Borneo Legends (private)' }).waitFor();
  // Opening seasons may have turned up an idol (a 5% chance each time), so any count will do.
  await page.getByText(/Hidden Immunity Idols: \d+/).waitFor();
  await screenshot(page, 'mylists-1280x800');

  // A second user cannot see, edit or delete it.
  const other = await app.newPage({ width: 1280, height: 800 });
  await signUp(other, 'rival@example.com');
  await other.goto(listUrl);
  // Her only list is private, so to anyone else she has no lists at all.
  await other.getByText('No lists found for this user', { exact: true }).waitFor();
  await other.getByRole('button', { name: 'Go Back' }).waitFor();
  const attempts = await other.evaluate(
    async ([uid, lid]) => {
      const put = await fetch(`/api/lists/${uid}/${lid}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Stolen', contestants: [{ id: 'richard-hatch', isSeason: false }] }),
      });
      const del = await fetch(`/api/lists/${uid}/${lid}`, { method: 'DELETE' });
      return [put.status, del.status];
    },
    [me.id, listId],
  );
  assert.ok([403, 404].includes(attempts[0]), `PUT by another user: ${attempts[0]}`);
  assert.ok([403, 404].includes(attempts[1]), `DELETE by another user: ${attempts[1]}`);
  await other.context().close();

  // The owner still has it; delete needs a second click.
  await page.reload();
  const del = page.getByRole('button', { name: 'Delete Borneo Legends (private)' });
  await del.click();
  await page.getByRole('button', { name: 'Confirm deleting Borneo Legends (private)' }).click();
  await page.getByText('No rankings yet').waitFor();
  await page.context().close();
});

test('desktop: a season ranking', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  await signUp(page, 'seasons@example.com');
  await page.goto('/create');
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  await panel.getByText('Click contestants to add them to your ranking list or drag them for precise positioning.').waitFor();
  await panel.getByRole('button', { name: /^Borneo, Season 1$/ }).click();
  await panel.getByRole('button', { name: 'Add season' }).click();
  await panel.getByRole('button', { name: 'Back to Seasons' }).click();
  await panel.getByRole('button', { name: /^Heroes vs\. Villains, Season 20$/ }).click();
  await panel.getByRole('button', { name: 'Add season' }).click();
  assert.equal(await page.getByTestId('type-tag').textContent(), 'Season ranking');
  await panel.getByRole('button', { name: 'Add Sandra Diaz-Twine' }).click();
  await page.getByText('Cannot mix seasons and contestants.').waitFor();
  await expectRanked(page, ['Borneo', 'Heroes vs. Villains']);
  await page.getByLabel('List name').fill('Best seasons');
  await page.getByRole('button', { name: 'Save List' }).click();
  await page.getByRole('heading', { level: 1, name: 'Best seasons' }).waitFor();
  await page.getByText('Season ranking').first().waitFor();
  await page.context().close();
});

test('phone: the bottom sheet adds by tap and closes, the list page shows its actions row', async () => {
  const page = await app.newPage({ width: 390, height: 844 });
  await signUp(page, 'phone@example.com');
  await page.goto('/create');
  await page.getByRole('button', { name: 'Add contestants or seasons' }).click();
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  await panel.getByRole('button', { name: /^Borneo, Season 1$/ }).click();
  await settled(page);
  assert.equal(await page.evaluate(() => document.body.dataset.createPage), 'true');
  await screenshot(page, 'create-sheet-390x844');
  await panel.getByRole('button', { name: 'Add Richard Hatch' }).click();
  await page.waitForFunction(() => document.body.dataset.createPage === undefined).catch(() => {});
  assert.equal(await page.evaluate(() => document.body.dataset.createPage), undefined, 'the sheet closed after a pick');
  await settled(page);
  await expectRanked(page, ['Richard Hatch']);
  await page.getByLabel('List name').fill('Pocket ranking');
  await screenshot(page, 'create-390x844');
  await page.getByRole('button', { name: 'Save List' }).click();
  await page.getByRole('heading', { level: 1, name: 'Pocket ranking' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Edit List' }).isVisible(), false, 'hidden in the phone header');
  assert.equal(await page.getByRole('button', { name: 'Edit My List' }).isVisible(), true, 'shown in the actions row');
  await screenshot(page, 'list-390x844');
  await page.goto('/mylists');
  await page.getByRole('link', { name: 'Pocket ranking' }).waitFor();
  await screenshot(page, 'mylists-390x844');
  await page.context().close();
});
