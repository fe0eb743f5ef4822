// Journey: keyboard only. A fan builds a list, reorders it and saves it, then casts a global
// ballot and moves a castaway within it, every step by key presses alone: Tab to reach each control,
// then Enter, Space or arrows on it (no pointer, no scripted focus): what a keyboard or switch user does.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { announced, expectItems } from './dnd.mjs';
import { screenshot, signUp, startApp } from './harness.mjs';

const INSTRUCTIONS = 'Click contestants to add them to your ranking list or drag them for precise positioning.';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

/** Moves the focus to a control the way a keyboard user does: by pressing Tab until it has it. */
async function tabTo(locator, most = 400) {
  const page = locator.page();
  await locator.waitFor();
  for (let i = 0; i < most; i++) {
    if (await locator.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${most} presses of Tab never reached ${locator}`);
}

/** Tabs to a control and presses key on it. */
async function press(locator, key) {
  await tabTo(locator);
  await locator.page().keyboard.press(key);
}

/** dnd-kit's keyboard sensor listens from the task after a pick-up: let it start. */
async function nextTask(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/** Picks up a ranked item by its handle, moves it up `steps` places, drops it. */
async function moveUp(page, handle, steps, over, dropped) {
  await press(handle, 'Space');
  await announced(page, over[0]);
  for (let i = 1; i <= steps; i++) {
    await nextTask(page);
    await page.keyboard.press('ArrowUp');
    await announced(page, over[i]);
  }
  await page.keyboard.press('Space');
  await announced(page, dropped);
}

test('keyboard only: build, reorder and save a list, then cast and reorder a global ballot', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  const me = await signUp(page, 'keys@example.com');
  await page.goto('/create');
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  // The creator's own panel (create mode) is the one to work in.
  await panel.getByText(INSTRUCTIONS).waitFor();

  // Open a season and add three castaways with Enter.
  await press(panel.getByRole('button', { name: /^Borneo, Season 1$/ }), 'Enter');
  for (const name of ['Richard Hatch', 'Rudy Boesch', 'Kelly Wiglesworth']) {
    await press(panel.getByRole('button', { name: `Add ${name}` }), 'Enter');
  }
  const ranked = (names) => expectItems(page, 'Ranked items', '[class*="itemName"]', names);
  await ranked(['Richard Hatch', 'Rudy Boesch', 'Kelly Wiglesworth']);

  // Move Kelly to the top.
  await moveUp(page, page.getByRole('button', { name: 'Move Kelly Wiglesworth, position 3' }), 2,
    [/Kelly Wiglesworth is over position 3 of 3/, /over position 2 of 3/, /over position 1 of 3/], /Kelly Wiglesworth was dropped at position 1 of 3/);
  await ranked(['Kelly Wiglesworth', 'Richard Hatch', 'Rudy Boesch']);

  // Name it by typing, save it with Enter.
  await tabTo(page.getByLabel('List name'));
  await page.keyboard.type('Keyboard Legends');
  await press(page.getByRole('button', { name: 'Save List' }), 'Enter');
  await page.waitForURL(new RegExp(`/list/${me.id}/list_\\d+$`));
  await page.getByRole('heading', { level: 1, name: 'Keyboard Legends' }).waitFor();
  await screenshot(page, 'keyboard-list-1280x800');

  // The global ballot: three castaways with Enter, one moved up a slot, submitted with Enter.
  await page.goto('/global-rankings/season-48');
  await page.getByRole('heading', { level: 2, name: 'Vote for Your Top 10' }).waitFor();
  await panel.getByText(INSTRUCTIONS).waitFor();
  await press(panel.getByRole('button', { name: /^48, Season 48$/ }), 'Enter');
  for (const name of ['Kyle Fraser', 'Joe Hunter', 'Kevin Leung']) {
    await press(panel.getByRole('button', { name: `Add ${name}` }), 'Enter');
  }
  const slots = (names) => expectItems(page, 'Your top 10', '[class*="slotName"]', [...names, ...Array(10 - names.length).fill('')]);
  await slots(['Kyle Fraser', 'Joe Hunter', 'Kevin Leung']);
  await moveUp(page, page.getByRole('button', { name: 'Move Kevin Leung, position 3' }), 1,
    [/Kevin Leung is over slot 3 of 10/, /Kevin Leung is over slot 2 of 10/], /was dropped on slot 2/);
  await slots(['Kyle Fraser', 'Kevin Leung', 'Joe Hunter']);
  await press(page.getByRole('button', { name: 'Submit My Ranking' }), 'Enter');
  await page.getByRole('status').getByText('Ranking Submitted!').waitFor();
  await page.getByRole('heading', { level: 2, name: 'Global Top 10 Results' }).waitFor();
  const text = await page.locator('main').innerText();
  const at = (s) => text.indexOf(s);
  assert.ok(at('Kyle Fraser') < at('Kevin Leung') && at('Kevin Leung') < at('Joe Hunter') && at('9 pts') > at('Kevin Leung'),
    'the results keep the keyboard order: Kyle Fraser, Kevin Leung, Joe Hunter');
  await screenshot(page, 'keyboard-ballot-1280x800');
});
