// Journey: the global top-10 vote against the real server. Three users vote (one edits their
// ballot), the results and the overview show exactly the expected points and order, a signed-out
// visitor sees results only, and the seasons panel fills slots by click, pointer drag, keyboard
// and touch (a 150 ms hold) at desktop and phone sizes.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { announced, expectItems, mouseDrag, touchDrag } from './dnd.mjs';
import { screenshot, settled, signUp, startApp } from './harness.mjs';

const POLL = '/global-rankings/season-48';
const TITLE = 'Survivor 48 Global Rankings';
const INSTRUCTIONS = 'Click contestants to add them to your ranking list or drag them for precise positioning.';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

/** Same-origin fetch from inside the page (the session cookie applies). */
async function api(page, method, url, body) {
  return page.evaluate(
    async ([m, u, b]) => {
      const r = await fetch(u, { method: m, headers: { 'Content-Type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    [method, url, body],
  );
}

const expectSlots = (page, want) =>
  expectItems(page, 'Your top 10', '[class*="slotName"]', [...want, ...Array(10 - want.length).fill('')]);

/** The results as "name N pts" rows. */
async function resultRows(page) {
  await page.getByRole('list', { name: 'Global Top 10' }).waitFor();
  return page
    .getByRole('list', { name: 'Global Top 10' })
    .locator(':scope > li')
    .evaluateAll((lis) => lis.map((li) => `${li.querySelector('[class*="resultName"]')?.textContent} ${li.querySelector('[class*="points"]')?.textContent}`));
}

/** A mouse drag in small steps, from a panel tile into a slot. */
// Let go only once the slot itself is announced, not one passed over on the way.
const mouseDragToSlot = (page, from, to, over) => mouseDrag(page, from, to, { over });

/** dnd-kit's keyboard sensor listens from the next tick after a pick-up (and scrolls as it moves): a person's key presses are never that fast. */
async function arrowUp(page) {
  await page.waitForTimeout(150);
  await page.keyboard.press('ArrowUp');
}

const center = async (locator) => {
  const b = await locator.boundingBox();
  assert.ok(b, 'element is laid out');
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};

async function openSeason48(panel) {
  await panel.getByRole('button', { name: /^48, Season 48$/ }).click();
  await panel.getByRole('button', { name: 'Add Kyle Fraser' }).waitFor();
}

test('desktop: three users vote, one edits; results, overview and a signed-out visitor', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  await signUp(page, 'voter-a@example.com');

  // An unknown poll goes back to the overview.
  await page.goto('/global-rankings/no-such-poll');
  await page.waitForURL(/\/global-rankings$/);
  await page.getByRole('heading', { level: 1, name: 'Global Rankings' }).waitFor();

  await page.goto(POLL);
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  await page.getByText('Total Submissions: 0').waitFor();
  // Signed in without a ballot: the page starts in edit mode with ten empty slots.
  await page.getByRole('heading', { level: 2, name: 'Vote for Your Top 10' }).waitFor();
  for (let n = 1; n <= 10; n++) await page.getByText(`Vote for #${n}`, { exact: true }).waitFor();
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  await panel.getByText(INSTRUCTIONS).waitFor();
  await openSeason48(panel);

  // Click: the first empty slot.
  await panel.getByRole('button', { name: 'Add Kyle Fraser' }).click();
  await expectSlots(page, ['Kyle Fraser']);
  // The same castaway cannot take two slots.
  await panel.getByRole('button', { name: 'Add Kyle Fraser' }).click();
  await page.getByRole('alert').getByText('Kyle Fraser is already ranked at position 1.').waitFor();

  // Pointer drag into a chosen slot (slot 4).
  await mouseDragToSlot(page, panel.getByRole('button', { name: 'Add Joe Hunter' }), page.locator('li[data-slot="4"]'), /Joe Hunter is over slot 4 of /);
  await expectSlots(page, ['Kyle Fraser', '', '', 'Joe Hunter']);

  // Keyboard: Enter on a tile adds to the first empty slot; the handle moves a castaway.
  await panel.getByRole('button', { name: 'Add Kevin Leung' }).focus();
  await page.keyboard.press('Enter');
  await expectSlots(page, ['Kyle Fraser', 'Kevin Leung', '', 'Joe Hunter']);
  await page.getByRole('button', { name: 'Move Joe Hunter, position 4' }).focus();
  await page.keyboard.press('Space');
  await announced(page, /Joe Hunter is over slot 4 of 10/);
  await arrowUp(page);
  await announced(page, /Joe Hunter is over slot 3 of 10/);
  await arrowUp(page);
  await announced(page, /Joe Hunter is over slot 2 of 10/);
  await page.keyboard.press('Space');
  await announced(page, /was dropped on slot 2/);
  await expectSlots(page, ['Kyle Fraser', 'Joe Hunter', 'Kevin Leung']);

  // Only the poll's season: another season's castaway and a whole season are refused.
  await panel.getByRole('button', { name: 'Back to Seasons' }).click();
  await panel.getByRole('searchbox', { name: 'Search seasons or contestants' }).fill('Parvati');
  await panel.getByRole('button', { name: 'Add Parvati Shallow' }).click();
  await page.getByRole('alert').getByText('Parvati Shallow is not a contestant of Survivor 48.').waitFor();
  await panel.getByRole('button', { name: /Clear/ }).click();
  await openSeason48(panel);
  await screenshot(page, 'global-edit-1280x800');

  await page.getByRole('button', { name: 'Submit My Ranking' }).click();
  await page.getByRole('status').getByText('Ranking Submitted!').waitFor();
  await page.getByRole('heading', { level: 2, name: 'Global Top 10 Results' }).waitFor();
  await page.getByText('Total Submissions: 1').waitFor();
  assert.deepEqual(await resultRows(page), ['Kyle Fraser 10 pts', 'Joe Hunter 9 pts', 'Kevin Leung 8 pts']);
  // In results mode the browsing panel is back: no add buttons.
  assert.equal(await panel.getByRole('button', { name: 'Add Kyle Fraser' }).count(), 0);
  // The notice goes after 3 s.
  await page.getByText('Ranking Submitted!').waitFor({ state: 'detached', timeout: 5000 });

  // Two more voters, through the API.
  const b = await app.newPage({ width: 1280, height: 800 });
  await signUp(b, 'voter-b@example.com');
  const ballotB = ['joe-hunter', 'kyle-fraser', 'kevin-leung', null, null, null, null, null, null, null];
  assert.equal((await api(b, 'PUT', '/api/global-rankings/season-48/submission', { ranking: ballotB })).status, 200);
  const c = await app.newPage({ width: 1280, height: 800 });
  await signUp(c, 'voter-c@example.com');
  const ballotC = ['kamilla-karthigesu', 'joe-hunter', null, null, null, null, null, null, null, 'kyle-fraser'];
  assert.equal((await api(c, 'PUT', '/api/global-rankings/season-48/submission', { ranking: ballotC })).status, 200);
  await b.context().close();
  await c.context().close();

  // Voter A edits: the ballot is prefilled; Kevin Leung makes way for Mitch Guerra.
  await page.reload();
  await page.getByRole('heading', { level: 2, name: 'Global Top 10 Results' }).waitFor();
  await page.getByRole('button', { name: 'View/Edit My Submission' }).click();
  await page.getByRole('heading', { level: 2, name: 'Edit Your Submission' }).waitFor();
  await expectSlots(page, ['Kyle Fraser', 'Joe Hunter', 'Kevin Leung']);
  await page.getByRole('button', { name: 'Remove Kevin Leung from position 3' }).click();
  await expectSlots(page, ['Kyle Fraser', 'Joe Hunter']);
  await page.getByText('Vote for #3', { exact: true }).waitFor();
  await openSeason48(panel);
  await panel.getByRole('button', { name: 'Add Mitch Guerra' }).click();
  await expectSlots(page, ['Kyle Fraser', 'Joe Hunter', 'Mitch Guerra']);
  // View Global Ranking leaves edit mode without submitting.
  await page.getByRole('button', { name: 'View Global Ranking' }).click();
  await page.getByRole('heading', { level: 2, name: 'Global Top 10 Results' }).waitFor();
  await page.getByRole('button', { name: 'View/Edit My Submission' }).click();
  await expectSlots(page, ['Kyle Fraser', 'Joe Hunter', 'Mitch Guerra']);
  await page.getByRole('button', { name: 'Submit My Ranking' }).click();
  await page.getByText('Ranking Submitted!').waitFor();

  // A: Kyle 10, Joe 9, Mitch 8. B: Joe 10, Kyle 9, Kevin 8. C: Kamilla 10, Joe 9, Kyle 1.
  const expected = ['Joe Hunter 28 pts', 'Kyle Fraser 20 pts', 'Kamilla Karthigesu 10 pts', 'Kevin Leung 8 pts', 'Mitch Guerra 8 pts'];
  await page.getByText('Total Submissions: 3').waitFor();
  assert.deepEqual(await resultRows(page), expected);

  // The Discussion: the remaining-character counter and a posted comment.
  const discussion = page.getByRole('region', { name: /Discussion/ });
  await discussion.getByText('500 characters remaining').waitFor();
  await discussion.getByLabel('Add a comment').fill('Joe Hunter was robbed!');
  await discussion.getByText('478 characters remaining').waitFor();
  await discussion.getByRole('button', { name: 'Post Comment' }).click();
  await discussion.getByText('Joe Hunter was robbed!').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'global-results-1280x800');

  // The overview card: total, current top 3, the rain of 20 trophies; it links to the poll.
  await page.goto('/global-rankings');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: TITLE }) });
  await card.getByText('Total Submissions: 3').waitFor();
  const top3 = await card
    .getByRole('list', { name: `Current top 3 of ${TITLE}` })
    .locator(':scope > li')
    .evaluateAll((lis) => lis.map((li) => `${li.querySelector('[class*="top3Name"]')?.textContent} ${li.querySelector('[class*="points"]')?.textContent}`));
  assert.deepEqual(top3, expected.slice(0, 3));
  const rain = card.getByTestId('trophy-rain');
  assert.equal(await rain.getAttribute('aria-hidden'), 'true');
  assert.equal(await rain.locator('svg').count(), 20);
  await screenshot(page, 'global-overview-1280x800');
  await card.getByRole('link', { name: TITLE }).click();
  await page.waitForURL(/\/global-rankings\/season-48$/);
  await page.getByRole('heading', { level: 2, name: 'Global Top 10 Results' }).waitFor();
  await page.context().close();

  // Signed out: results only, no slots, the panel only browses; voting asks for a sign-in.
  const guest = await app.newPage({ width: 1280, height: 800 });
  await guest.goto(POLL);
  await guest.getByRole('heading', { level: 2, name: 'Global Top 10 Results' }).waitFor();
  assert.deepEqual(await resultRows(guest), expected);
  assert.equal(await guest.getByText('Vote for #1').count(), 0);
  const guestPanel = guest.getByRole('complementary', { name: 'Seasons' });
  await openSeason48Browse(guestPanel);
  assert.equal(await guestPanel.getByRole('button', { name: 'Add Kyle Fraser' }).count(), 0);
  await guest.getByRole('button', { name: 'Submit My Ranking' }).click();
  await guest.getByRole('alert').getByText('You must be logged in to submit a ranking.').waitFor();
  assert.equal(await guest.getByRole('heading', { level: 2, name: 'Global Top 10 Results' }).count(), 1);
  await guest.context().close();
});

async function openSeason48Browse(panel) {
  await panel.getByRole('button', { name: /^48, Season 48$/ }).click();
  await panel.getByText('Kyle Fraser').first().waitFor();
}

test('phone: tap to add in the sheet, touch drag with a hold, keyboard reorder, submit', async () => {
  const page = await app.newPage({ width: 390, height: 844 });
  await signUp(page, 'phone-voter@example.com');
  await page.goto(POLL);
  await page.getByRole('heading', { level: 2, name: 'Vote for Your Top 10' }).waitFor();
  const panel = page.getByRole('complementary', { name: 'Seasons' });

  // Tap to add: the sheet opens, a pick closes it.
  await page.getByRole('button', { name: 'Add castaways' }).click();
  await settled(page);
  await openSeason48(panel);
  await screenshot(page, 'global-sheet-390x844');
  await panel.getByRole('button', { name: 'Add Kyle Fraser' }).click();
  await page.waitForFunction(() => document.querySelector('aside[data-sheet]')?.getAttribute('data-sheet') === 'closed');
  await settled(page);
  await expectSlots(page, ['Kyle Fraser']);

  // Touch: hold a tile 150 ms+, the sheet gets out of the way, drop on slot 3.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  // The target slot mid-screen and the tile high in the sheet: away from the edges where
  // dnd-kit scrolls the page while a finger rests there.
  await page.locator('li[data-slot="3"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.getByRole('button', { name: 'Add castaways' }).click();
  await settled(page);
  const tile = panel.getByRole('button', { name: 'Add Joe Hunter' });
  await tile.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const start = await center(tile);
  // The sheet closes when a drag from it begins; the slots are then in view.
  await touchDrag(page, cdp, start, () => center(page.locator('li[data-slot="3"]')), { over: / is over slot /, pause: 400 });
  await expectSlots(page, ['Kyle Fraser', '', 'Joe Hunter']);

  // Keyboard reorder on the phone too.
  await page.getByRole('button', { name: 'Move Joe Hunter, position 3' }).focus();
  await page.keyboard.press('Enter');
  await announced(page, /Joe Hunter is over slot 3 of 10/);
  await arrowUp(page);
  await announced(page, /Joe Hunter is over slot 2 of 10/);
  await arrowUp(page);
  await announced(page, /Joe Hunter is over slot 1 of 10/);
  await page.keyboard.press('Enter');
  await announced(page, /was dropped on slot 1/);
  await expectSlots(page, ['Joe Hunter', 'Kyle Fraser']);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'global-edit-390x844');

  await page.getByRole('button', { name: 'Submit My Ranking' }).click();
  await page.getByText('Ranking Submitted!').waitFor();
  await page.getByRole('heading', { level: 2, name: 'Global Top 10 Results' }).waitFor();
  const rows = await resultRows(page);
  assert.ok(rows.length >= 2, 'results are shown after submitting');
  await screenshot(page, 'global-results-390x844');

  await page.goto('/global-rankings');
  await page.getByText(/Total Submissions: \d+/).first().waitFor();
  await screenshot(page, 'global-overview-390x844');
  await page.context().close();
});

test('a closed poll shows its results only and says it is closed', async (t) => {
  if (!app.dataDir) {
    t.skip('attached to a running server: cannot close its poll');
    return;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bin = process.env.CASTAWAY_BIN ?? path.resolve(here, '..', '..', 'bin', 'castaway');
  await promisify(execFile)(bin, ['polls', 'close', 'season-48'], { env: { ...process.env, CASTAWAY_DATA_DIR: app.dataDir } });
  const page = await app.newPage({ width: 1280, height: 800 });
  await signUp(page, 'late-voter@example.com');
  await page.goto(POLL);
  await page.getByText('This vote is closed. These are the final results.').waitFor();
  await page.getByRole('heading', { level: 2, name: 'Global Top 10 Results' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Submit My Ranking' }).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'View/Edit My Submission' }).count(), 0);
  assert.equal(await page.getByText('Vote for #1').count(), 0);
  await page.context().close();
});
