// Journey: a fan predicts a season on air before its premiere with the creator's tools (at
// 1280 'Rank by choosing' and a keyboard drag on the ranking board; at 390 tiers, then the
// order they make), is refused after it, sees their score move when a moderator records a
// boot, and shares it. The server's clock is the real one: the premiere is set far ahead,
// then a moderator moves it into the past (PUT /api/moderation/seasons/{id}/premiere), which
// is what locks a prediction, so no test-only clock is needed. Screenshots in
// CASTAWAY_SHOTS (default e2e/screenshots).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { api, injectAxe, screenshotDir, settled, shotAt, signUp, startApp } from './harness.mjs';
import { announced, expectItems } from './dnd.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

const LABEL = 'Your prediction, the winner first';
const expectOrder = (page, names) => expectItems(page, LABEL, '[class*="itemName"]', names);

/** dnd-kit's keyboard sensor listens from the task after a pick-up: let it start. */
async function nextTask(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/** The fan's prediction as the server keeps it. */
const kept = (page) => page.evaluate(async () => (await (await fetch('/api/seasons/s51/prediction')).json()).entry?.order ?? null);

/** axe's WCAG 2.2 AA violations within the locator's element (the editor's form), as it is now. */
async function violations(locator) {
  await settled(locator.page());
  await injectAxe(locator.page());
  const found = await locator.evaluate((el) =>
    window.axe.run(el, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] }).then((r) => r.violations),
  );
  return found.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

async function noSidewaysScroll(page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client, `the page scrolls sideways: ${scroll} > ${client}`);
}

test('a fan predicts before the premiere, is refused after it, sees their score move and shares it', async () => {
  const mod = await app.newPage({ width: 1280, height: 800 });
  await signUp(mod, 'mod@example.com');
  const bin = process.env.CASTAWAY_BIN ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'castaway');
  await promisify(execFile)(bin, ['users', 'grant-admin', 'mod@example.com'], { env: { ...process.env, CASTAWAY_DATA_DIR: app.dataDir } });
  await api(mod, 'POST', '/api/moderation/seasons', {
    franchise: 'US',
    number: 51,
    name: 'Survivor 51',
    premiere: '2099-03-01',
    cast: [
      { name: 'Ann Poe', tribe: 'Luzon' },
      { name: 'Bob Roe', tribe: 'Luzon' },
      { name: 'Cat Doe', tribe: 'Tuku' },
      { name: 'Dan Moe', tribe: 'Tuku' },
    ],
  });

  // Before the premiere: the fan orders the cast by choosing, then moves one by keyboard drag.
  const fan = await app.newPage({ width: 1280, height: 800 });
  await signUp(fan, 'fan@example.com');
  await fan.goto('/seasons/s51');
  const section = fan.getByRole('region', { name: 'Predictions' });
  await expectOrder(fan, ['Ann Poe', 'Bob Roe', 'Cat Doe', 'Dan Moe']);
  await section.getByText('4 to sort: at most 5 questions.').waitFor();
  await section.getByRole('button', { name: 'Rank by choosing' }).click();
  // Who goes further: the later name, every time (Dan, Cat, Bob, Ann), by the arrow keys.
  const question = section.getByRole('heading', { name: 'Who goes further in the game?' });
  await question.waitFor();
  await shotAt(fan, 'predictions-sorter-1280x800', section);
  assert.deepEqual(await violations(section.locator('form').first()), [], 'the sorter passes axe');
  assert.equal(await section.getByRole('button', { name: 'Save prediction' }).count(), 0, 'no saving mid-sorting');
  while ((await section.getByRole('heading', { name: 'Your order' }).count()) === 0) {
    const asked = await section.getByRole('progressbar', { name: 'Sorting progress' }).getAttribute('aria-valuenow');
    const [a, b] = await Promise.all(['Left', 'Right'].map((side) => section.locator(`[aria-keyshortcuts="Arrow${side}"] [class*="cardName"]`).textContent()));
    await fan.keyboard.press(a > b ? 'ArrowLeft' : 'ArrowRight');
    await fan.waitForFunction(
      (n) => document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') !== n || [...document.querySelectorAll('h3')].some((h) => h.textContent === 'Your order'),
      asked,
    );
  }
  await section.getByRole('button', { name: 'Use this ranking' }).click();
  await expectOrder(fan, ['Dan Moe', 'Cat Doe', 'Bob Roe', 'Ann Poe']);
  // Cat Doe out first, by the keyboard on her handle: space, down twice, space.
  await section.getByRole('button', { name: 'Move Cat Doe, position 2' }).focus();
  await fan.keyboard.press('Space');
  await announced(fan, /Cat Doe is over position 2 of 4/);
  for (const at of [3, 4]) {
    await nextTask(fan);
    await fan.keyboard.press('ArrowDown');
    await announced(fan, new RegExp(`Cat Doe is over position ${at} of 4`));
  }
  await fan.keyboard.press('Space');
  await announced(fan, /Cat Doe was dropped at position 4 of 4/);
  await expectOrder(fan, ['Dan Moe', 'Bob Roe', 'Ann Poe', 'Cat Doe']);
  assert.deepEqual(await violations(section.locator('form').first()), [], 'the ranking board passes axe');
  await section.getByRole('button', { name: 'Save prediction' }).click();
  await section.getByText('Prediction saved.').waitFor();
  assert.deepEqual(await kept(fan), ['dan-moe', 'bob-roe', 'ann-poe', 'cat-doe']);
  // And picks who goes home in episode 1: Cat Doe, whom they predicted out first.
  await section.getByLabel(/Pick who goes home in episode 1/).selectOption({ label: 'Cat Doe' });
  await section.getByRole('button', { name: 'Save pick' }).click();
  await section.getByRole('status').filter({ hasText: 'Pick saved.' }).waitFor();
  await noSidewaysScroll(fan);
  await shotAt(fan, 'predictions-editor-1280x800', section);

  // The premiere moves into the past: the prediction is locked, by the server's clock. The
  // page still open, the fan moves Ann up and saves: refused, with the lock's message, and
  // nothing kept.
  await api(mod, 'PUT', '/api/moderation/seasons/s51/premiere', { premiere: '2020-01-01' });
  await section.getByRole('button', { name: 'Move Ann Poe, position 3' }).focus();
  await fan.keyboard.press('Space');
  await announced(fan, /Ann Poe is over position 3 of 4/);
  await nextTask(fan);
  await fan.keyboard.press('ArrowUp');
  await announced(fan, /Ann Poe is over position 2 of 4/);
  await fan.keyboard.press('Space');
  await expectOrder(fan, ['Dan Moe', 'Ann Poe', 'Bob Roe', 'Cat Doe']);
  await section.getByRole('button', { name: 'Save prediction' }).click();
  await section.getByText('Predictions for Survivor 51 locked at the premiere, 1 January 2020, 00:00 UTC.').waitFor();
  assert.equal(await section.getByRole('button', { name: 'Save prediction' }).count(), 0, 'no more saving once refused');
  await shotAt(fan, 'predictions-refused-1280x800', section);
  assert.deepEqual(await kept(fan), ['dan-moe', 'bob-roe', 'ann-poe', 'cat-doe']);
  await fan.reload();
  await section.getByText('Predictions locked at the premiere; each boot scores them.').waitFor();
  const score = section.getByTestId('prediction-score');
  await score.filter({ hasText: '0 points' }).waitFor();
  assert.equal(await section.getByRole('button', { name: 'Save prediction' }).count(), 0, 'no editor once locked');

  // A moderator records the first boot: Cat Doe, as the fan predicted (place 4 of 4, and
  // the pick right). The open page's score moves without a reload.
  await api(mod, 'POST', '/api/moderation/seasons/s51/boots', { episode: 1, day: 3, castaway: 'cat-doe', result: '1st voted out' });
  // 4 for the place called exactly, 10 for the pick, 5 for a run of one.
  await score.filter({ hasText: '19 points' }).waitFor({ timeout: 15_000 });
  const row = section.getByRole('row').filter({ hasText: 'Cat Doe' });
  await row.filter({ hasText: 'called it' }).waitFor();
  const board = section.getByRole('table', { name: 'Leaderboard' });
  await board.getByRole('row', { name: 'fan 19 1' }).waitFor();
  await noSidewaysScroll(fan);
  await shotAt(fan, 'predictions-scored-1280x800', section);

  // The fan hears the scores are in.
  const inbox = await api(fan, 'GET', '/api/notifications');
  assert.ok(inbox.notifications.some((n) => n.type === 'prediction_scored' && n.content === 'The scores of episode 1 of Survivor 51 are in.'));

  // Shares it: the "I called it" image.
  const link = section.getByRole('link', { name: 'Share “I called it”' });
  const href = await link.getAttribute('href');
  const image = await fan.evaluate(async (u) => {
    const r = await fetch(u);
    return { status: r.status, type: r.headers.get('Content-Type'), size: (await r.arrayBuffer()).byteLength };
  }, href);
  assert.equal(image.status, 200);
  assert.equal(image.type, 'image/png');
  assert.ok(image.size > 10_000, `a real picture: ${image.size} bytes`);
  // Kept as drawn (opening the PNG in a tab would be the browser's own page, not ours).
  const png = await fan.evaluate(async (u) => Array.from(new Uint8Array(await (await fetch(u)).arrayBuffer())), href);
  const shots = process.env.CASTAWAY_SHOTS ?? screenshotDir;
  await mkdir(shots, { recursive: true });
  await writeFile(path.join(shots, 'predictions-share-1200x630.png'), Buffer.from(png));

  // At 390: the same page, nothing scrolls sideways.
  const narrow = await app.newPage({ width: 390, height: 844 });
  await signUp(narrow, 'narrow@example.com');
  await narrow.goto('/seasons/s51');
  const narrowSection = narrow.getByRole('region', { name: 'Predictions' });
  await narrowSection.getByText('You made no prediction before the premiere.').waitFor();
  await narrowSection.getByRole('table', { name: 'Leaderboard' }).getByRole('row', { name: 'fan 19 1' }).waitFor();
  await noSidewaysScroll(narrow);
  await shotAt(narrow, 'predictions-board-390x844', narrowSection);
  // At 390, before the premiere again: a new fan places castaways in tiers by tapping each
  // one's ⋯, and the order is the tiers' (the unplaced last).
  const small = await app.newPage({ width: 390, height: 844 });
  await signUp(small, 'early@example.com');
  await api(mod, 'PUT', '/api/moderation/seasons/s51/premiere', { premiere: '2099-03-01' });
  await small.goto('/seasons/s51');
  const smallSection = small.getByRole('region', { name: 'Predictions' });
  // The cast as the game lists it (Cat Doe, out, last).
  await expectOrder(small, ['Ann Poe', 'Bob Roe', 'Dan Moe', 'Cat Doe']);
  await noSidewaysScroll(small);
  await shotAt(small, 'predictions-editor-390x844', smallSection);
  await smallSection.getByText('Tiers', { exact: true }).click();
  await smallSection.getByRole('list', { name: 'Unplaced entries' }).waitFor();
  for (const [name, tier] of [['Bob Roe', 'S'], ['Ann Poe', 'A'], ['Dan Moe', 'A']]) {
    await smallSection.getByRole('button', { name: `Choose ${name}'s tier` }).click();
    const dialog = small.getByRole('dialog', { name });
    await dialog.getByRole('combobox', { name: 'Tier' }).selectOption({ label: tier });
    await dialog.getByRole('button', { name: 'Done' }).click();
  }
  await smallSection.getByRole('list', { name: 'Tier A' }).getByText('Dan Moe').waitFor();
  await noSidewaysScroll(small);
  await shotAt(small, 'predictions-tiers-390x844', smallSection);
  assert.deepEqual(await violations(smallSection.locator('form').first()), [], 'the tiers pass axe');
  await smallSection.getByRole('button', { name: 'See the order' }).click();
  await expectOrder(small, ['Bob Roe', 'Ann Poe', 'Dan Moe', 'Cat Doe']);
  await smallSection.getByRole('button', { name: 'Save prediction' }).click();
  await smallSection.getByText('Prediction saved.').waitFor();
  assert.deepEqual(await kept(small), ['bob-roe', 'ann-poe', 'dan-moe', 'cat-doe']);
  await noSidewaysScroll(small);
});
