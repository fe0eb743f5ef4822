// Journey: notes, remixes and the community ranking. Fan A builds a list in the creator with
// notes and publishes it; fan B, on a phone, sees the notes, remixes the list and saves the
// remix; A sees the list_remix notification arrive live and the remix count with the remix
// listed; the season page shows the consensus of the public lists, which matches a Borda
// count computed here from the lists themselves and `castaway verify` recounts. Screenshots
// at 1280 and 390 px wide.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { screenshot, settled, signUp, startApp } from './harness.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

/** Publishes a list of s20 contestants (by name) through the API. */
async function publish(page, name, names) {
  return page.evaluate(
    async ({ name, names }) => {
      const catalog = await (await fetch('/api/catalog/seasons')).json();
      const cast = catalog.seasons.find((s) => s.id === 's20').contestants;
      const contestants = names.map((n) => ({ id: cast.find((c) => c.name === n).id, isSeason: false, seasonId: 's20' }));
      const res = await fetch('/api/lists', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, contestants }) });
      if (res.status !== 201) throw new Error(`create list: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { name, names },
  );
}

const inboxButton = (page) => page.getByRole('banner').getByRole('button', { name: /^Inbox/ });

test('notes, a remix with its notification and count, and the season consensus', async () => {
  // Fan A writes notes in the creator and publishes.
  const a = await app.newPage({ width: 1280, height: 800 });
  await signUp(a, 'ann@example.com');
  await a.goto('/create');
  // The panel mounts first in browse mode, then the creator's own takes its place in create mode.
  await a.waitForFunction(() => {
    const panels = document.querySelectorAll('aside');
    return panels.length === 1 && panels[0].textContent.includes('Click contestants to add them');
  });
  const panel = a.getByRole('complementary', { name: 'Seasons' });
  await panel.getByRole('button', { name: /^Heroes vs\. Villains, Season 20$/ }).click();
  await a.getByRole('link', { name: 'Community ranking' }).waitFor();
  for (const n of ['Sandra Diaz-Twine', 'Parvati Shallow', 'Russell Hantz']) {
    await panel.getByRole('button', { name: `Add ${n}` }).click();
  }
  // The note is reached from the keyboard: focus its button, Enter, type.
  await a.getByRole('button', { name: 'Add note on Sandra Diaz-Twine' }).focus();
  await a.keyboard.press('Enter');
  const sandraNote = a.getByRole('textbox', { name: 'Note on Sandra Diaz-Twine' });
  await sandraNote.waitFor();
  assert.equal(await sandraNote.evaluate((el) => el === document.activeElement), true, 'the note field takes focus');
  await a.keyboard.type('The only two-time winner; never voted out.');
  await a.getByText('42/280').waitFor();
  await a.getByRole('button', { name: 'Add note on Russell Hantz' }).click();
  await a.getByRole('textbox', { name: 'Note on Russell Hantz' }).fill('Idols everywhere, no jury management.');
  await a.getByLabel('List name').fill('Villains Win');
  await a.getByRole('button', { name: 'Strategic' }).click();
  await screenshot(a, 'remix-create-notes-1280');
  await a.getByRole('button', { name: 'Save List' }).click();
  await a.getByRole('heading', { level: 1, name: 'Villains Win' }).waitFor();
  const original = a.url();
  const sandraRow = a.getByRole('listitem').filter({ hasText: 'Sandra Diaz-Twine' });
  await sandraRow.getByText('The only two-time winner; never voted out.').waitFor();
  await a.getByRole('button', { name: /^Remix/ }).waitFor();
  await screenshot(a, 'remix-list-notes-1280');
  await inboxButton(a).waitFor();

  // Fan B, on a phone: reads the notes, remixes, reorders nothing, saves.
  const b = await app.newPage({ width: 390, height: 844 });
  await signUp(b, 'ben@example.com');
  await b.goto(new URL(original).pathname);
  await b.getByText('Idols everywhere, no jury management.').waitFor();
  await screenshot(b, 'remix-list-notes-390');
  await b.getByRole('button', { name: /^Remix/ }).click();
  await b.getByRole('heading', { name: 'Create Ranking' }).waitFor();
  assert.equal(await b.getByLabel('List name').inputValue(), 'Remix of Villains Win');
  await b.getByText('Remixing Villains Win by').waitFor();
  assert.equal(await b.getByRole('textbox', { name: 'Note on Sandra Diaz-Twine' }).inputValue(), 'The only two-time winner; never voted out.');
  assert.equal(await b.getByRole('button', { name: 'Strategic', pressed: true }).count(), 1);
  await b.getByRole('textbox', { name: 'Note on Parvati Shallow' }).waitFor({ state: 'detached' });
  await b.getByRole('button', { name: 'Add note on Parvati Shallow' }).click();
  await b.getByRole('textbox', { name: 'Note on Parvati Shallow' }).fill('Should have won Heroes vs. Villains.');
  await settled(b);
  await screenshot(b, 'remix-create-390');
  await b.getByRole('button', { name: 'Save List' }).click();
  await b.getByRole('heading', { level: 1, name: 'Remix of Villains Win' }).waitFor();
  await b.getByText(/Remixed from/).waitFor();
  assert.equal(await b.getByRole('link', { name: 'Villains Win' }).getAttribute('href'), new URL(original).pathname);
  await screenshot(b, 'remix-saved-390');

  // A hears of it live, and sees the count and the remix.
  await a.getByRole('banner').getByRole('button', { name: 'Inbox, 1 unread' }).waitFor();
  await inboxButton(a).click();
  const note = a.getByRole('button', { name: /remixed your list/ });
  await note.waitFor();
  assert.match(await note.textContent(), /Villains Win/);
  await screenshot(a, 'remix-inbox-1280');
  await a.keyboard.press('Escape');
  await a.reload();
  const remixButton = a.getByRole('button', { name: /^Remix/ });
  await remixButton.waitFor();
  assert.match(await remixButton.textContent(), /1/);
  const remixes = a.getByRole('list', { name: 'Remixes of this list' });
  await remixes.getByRole('article', { name: 'Remix of Villains Win' }).waitFor();
  await remixes.scrollIntoViewIfNeeded();
  await screenshot(a, 'remix-original-1280');

  // More public lists for the season, then its page: the order is the Borda count of them.
  await publish(b, 'Heroes first', ['Parvati Shallow', 'Sandra Diaz-Twine', 'Tom Westman', 'Colby Donaldson']);
  await publish(a, 'Tom and Colby', ['Tom Westman', 'Colby Donaldson']);
  const expected = await a.evaluate(async () => {
    // Every public list, from browse, in full: points (k - p + 1) / k per s20 contestant.
    const page = await (await fetch('/api/lists?pageSize=50')).json();
    const points = new Map();
    const names = new Map();
    let n = 0;
    for (const s of page.lists) {
      const l = await (await fetch(`/api/lists/${s.userId}/${s.id}`)).json();
      const k = l.contestants.length;
      let counted = false;
      l.contestants.forEach((c, p) => {
        if (c.isSeason || c.seasonId !== 's20') return;
        counted = true;
        points.set(c.id, (points.get(c.id) ?? 0) + (k - p) / k);
        names.set(c.id, c.name);
      });
      if (counted) n++;
    }
    const order = [...points.keys()].sort((x, y) => points.get(y) - points.get(x) || names.get(x).localeCompare(names.get(y)));
    return { n, order: order.map((id) => names.get(id)) };
  });
  assert.equal(expected.n, 4);
  await a.goto(new URL(original).pathname);
  await a.getByRole('link', { name: 'Heroes vs. Villains', exact: true }).first().click();
  await a.getByRole('heading', { level: 1, name: 'Heroes vs. Villains' }).waitFor();
  await a.getByText('From 4 public lists.').waitFor();
  const ranking = a.getByRole('list', { name: 'Community ranking of Heroes vs. Villains' });
  await ranking.waitFor();
  const shown = await ranking.locator('[class*="name"]').allTextContents();
  assert.deepEqual(shown, expected.order);
  await a.getByRole('heading', { name: 'Lists that agree most' }).waitFor();
  await screenshot(a, 'season-consensus-1280');

  const { stdout } = await promisify(execFile)(process.env.CASTAWAY_BIN ?? new URL('../../bin/castaway', import.meta.url).pathname, ['verify'], {
    env: { ...process.env, CASTAWAY_DATA_DIR: app.dataDir },
  });
  assert.doesNotMatch(stdout, /consensus/);

  await b.goto('/seasons/s20');
  await b.getByText('From 4 public lists.').waitFor();
  await b.getByRole('list', { name: 'Community ranking of Heroes vs. Villains' }).scrollIntoViewIfNeeded();
  await screenshot(b, 'season-consensus-390');
  // Season lists make the seasons' ranking.
  await b.evaluate(async () => {
    for (const [name, ids] of [['Best seasons', ['s20', 's7', 's1']], ['Classic seasons', ['s7', 's1']]]) {
      const contestants = ids.map((id) => ({ id, isSeason: true }));
      const res = await fetch('/api/lists', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, contestants }) });
      if (res.status !== 201) throw new Error(`season list: ${res.status}`);
    }
  });
  await b.goto('/seasons');
  const seasons = b.getByRole('list', { name: 'Community ranking of the seasons' });
  await seasons.waitFor();
  assert.deepEqual(await seasons.locator('[class*="name"]').allTextContents(), ['Pearl Islands', 'Heroes vs. Villains', 'Borneo']);
  await seasons.scrollIntoViewIfNeeded();
  await screenshot(b, 'seasons-390');
  await a.goto('/seasons');
  await a.getByRole('navigation', { name: "Each season's community ranking" }).waitFor();
  await screenshot(a, 'seasons-1280');
});
