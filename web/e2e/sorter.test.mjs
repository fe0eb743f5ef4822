// Journey: 'Rank by choosing' sorts a season's cast from "Who do you rank higher?", survives
// a reload mid-way (from the tab's copy and from the server draft), and its order is saved.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { expectItems } from './dnd.mjs';
import { injectAxe, screenshot, settled, signUp, startApp, until } from './harness.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

/** Merge-insertion's most questions for n entries (lib/sorter.ts maxQuestions). */
const maxQuestions = (n) => Array.from({ length: n }, (_, k) => Math.ceil(Math.log2((3 * (k + 1)) / 4))).reduce((a, b) => a + b, 0);

const BORNEO = ['Dirk Been', 'Gretchen Cordy', 'Jenna Lewis', 'B.B. Andersen', 'Rudy Boesch', 'Sonja Christopher', 'Richard Hatch', 'Joel Klug',
  'Gervase Peterson', 'Kelly Wiglesworth', 'Greg Buis', 'Susan Hawk', 'Sean Kenniff', 'Colleen Haskell', 'Ramona Gray', 'Stacey Stillman'];
/** The hidden order the fan answers by: alphabetical. */
const ALPHABETICAL = [...BORNEO].sort();

const sorter = (page) => page.getByRole('group', { name: 'Who do you rank higher?' });
const card = (page, side) => sorter(page).locator(`[aria-keyshortcuts="Arrow${side}"]`);
const cardName = async (page, side) => (await card(page, side).locator('[class*="cardName"]').textContent()) ?? '';

/** The answers so far, as the progress bar counts them. */
async function answered(page) {
  return Number(await page.getByRole('progressbar', { name: 'Sorting progress' }).getAttribute('aria-valuenow'));
}

async function waitAnswered(page, n) {
  await page.waitForFunction((want) => document.querySelector('[aria-label="Sorting progress"]')?.getAttribute('aria-valuenow') === String(want), n);
}

/** Checks the sorter with axe-core against WCAG 2.2 AA, as the a11y journey checks pages. */
async function expectAccessible(page) {
  await injectAxe(page);
  const violations = await page.evaluate(() =>
    window.axe
      .run('[role="group"][aria-describedby]', { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] })
      .then((r) => r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)),
  );
  assert.deepEqual(violations, [], 'the sorter has no WCAG 2.2 AA violations');
}

/** The answers the server's draft holds, -1 for no sorting. */
function serverAnswers(page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/me/draft');
    return res.status === 200 ? ((await res.json()).sorter?.answers.length ?? -1) : -1;
  });
}

/** Answers the current question by the hidden order: by keyboard or by a tap on the card. */
async function answer(page, { keyboard, wrong = false }) {
  const before = await answered(page);
  const [a, b] = [await cardName(page, 'Left'), await cardName(page, 'Right')];
  const left = (a < b) !== wrong;
  if (keyboard) await page.keyboard.press(left ? 'ArrowLeft' : 'ArrowRight');
  else await card(page, left ? 'Left' : 'Right').click();
  await waitAnswered(page, before + 1);
}

for (const [width, height, keyboard] of [[1280, 800, true], [390, 844, false]]) {
  test(`${width}: sort Borneo's cast by choosing, reload mid-way, save the order`, async () => {
    const page = await app.newPage({ width, height });
    await signUp(page, `sorter${width}@example.com`);
    await page.goto('/create');

    await page.getByRole('button', { name: 'Rank by choosing' }).click();
    const setup = page.getByRole('dialog', { name: 'Rank by choosing' });
    await setup.getByRole('combobox', { name: 'Season' }).selectOption({ label: '1. Borneo (16)' });
    await setup.getByRole('radio', { name: 'A season’s cast' }).check();
    await setup.getByText(`16 to sort: at most ${maxQuestions(16)} questions.`).waitFor();
    await settled(page);
    await screenshot(page, `sorter-setup-${width}`);
    await setup.getByRole('button', { name: 'Start sorting' }).click();

    // Focus goes to the question, so the arrow keys work at once.
    await sorter(page).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Who do you rank higher?');
    assert.equal(await page.getByTestId('questions-left').textContent(), `Up to ${maxQuestions(16)} questions left`);

    // A wrong answer, undone: the same question comes back.
    const first = [await cardName(page, 'Left'), await cardName(page, 'Right')];
    await answer(page, { keyboard, wrong: true });
    if (keyboard) await page.keyboard.press('Backspace');
    else await sorter(page).getByRole('button', { name: 'Undo' }).click();
    await waitAnswered(page, 0);
    assert.deepEqual([await cardName(page, 'Left'), await cardName(page, 'Right')], first);
    await settled(page);
    await screenshot(page, `sorter-question-${width}`);
    await expectAccessible(page);

    for (let i = 0; i < 12; i++) await answer(page, { keyboard });

    // Mid-way: the tab's copy brings it back on a reload...
    const left = await page.getByTestId('questions-left').textContent();
    await page.reload();
    await sorter(page).waitFor();
    assert.equal(await answered(page), 12);
    assert.equal(await page.getByTestId('questions-left').textContent(), left);

    // ...and so does the server's draft, once it has been saved, in a tab without the copy.
    await until(async () => (await serverAnswers(page)) === 12, 'the server draft holds the 12 answers');
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await page.getByText('Your unsaved draft was restored.').waitFor();
    assert.equal(await answered(page), 12);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Who do you rank higher?', 'a resumed sorting takes focus');

    let asked = 12;
    while ((await page.getByRole('heading', { name: 'Your order' }).count()) === 0) {
      await answer(page, { keyboard });
      asked++;
      assert.ok(asked <= maxQuestions(16), `asked ${asked}, more than ${maxQuestions(16)}`);
    }
    assert.equal(await page.getByTestId('questions-left').textContent(), `Done in ${asked} questions`);
    assert.deepEqual(await page.getByRole('list', { name: 'Sorted order' }).locator('li').allTextContents(), ALPHABETICAL);
    await screenshot(page, `sorter-result-${width}`);

    // The order fills the ranking, to adjust and save.
    await page.getByRole('button', { name: 'Use this ranking' }).click();
    await expectItems(page, 'Ranked items', '[class*="itemName"]', ALPHABETICAL);
    await page.getByLabel('List name').fill('Borneo, by choosing');
    await page.getByRole('button', { name: 'Save List' }).click();
    await page.getByRole('heading', { level: 1, name: 'Borneo, by choosing' }).waitFor();
    const saved = await page.evaluate(async () => {
      const [, , userId, listId] = location.pathname.split('/');
      return (await (await fetch(`/api/lists/${userId}/${listId}`)).json()).contestants.map((c) => c.name);
    });
    assert.deepEqual(saved, ALPHABETICAL);
    assert.equal(await page.evaluate(async () => (await fetch('/api/me/draft')).status), 204, 'saving cleared the draft and its sorting');
    await page.context().close();
  });
}
