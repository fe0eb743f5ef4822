// Journey: building a tier list by click, drag, keyboard and touch, saving it, and finding it
// on its page, in browse under its filter and as a share image, on a desktop and a phone.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { announced, stillOver, touchDrag } from './dnd.mjs';
import { injectAxe, screenshot, serverDraft, settled, signUp, startApp, until } from './harness.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

/** The board as 'label: names' per tier, then the pool, read from the page. */
async function board(page) {
  return page.evaluate(() => {
    const names = (ul) => (ul ? [...ul.querySelectorAll(':scope > li')].map((li) => li.querySelector('[class*="entryName"]')?.textContent ?? '') : []);
    const tiers = document.querySelector('[aria-label="Tiers"]');
    const rows = tiers ? [...tiers.querySelectorAll(':scope > li')] : [];
    const pool = document.querySelector('[aria-label="Unplaced entries"]');
    return [...rows.map((r) => `${r.querySelector('[class*="labelText"]')?.textContent}: ${names(r.querySelector('ul')).join(', ')}`), `pool: ${names(pool).join(', ')}`];
  });
}

/** Waits until the board reads `want` (React commits after the event), then asserts it. */
async function expectBoard(page, want) {
  await page
    .waitForFunction(
      (w) => {
        const names = (ul) => (ul ? [...ul.querySelectorAll(':scope > li')].map((li) => li.querySelector('[class*="entryName"]')?.textContent ?? '') : []);
        const rows = [...(document.querySelector('[aria-label="Tiers"]')?.querySelectorAll(':scope > li') ?? [])];
        const got = [...rows.map((r) => `${r.querySelector('[class*="labelText"]')?.textContent}: ${names(r.querySelector('ul')).join(', ')}`), `pool: ${names(document.querySelector('[aria-label="Unplaced entries"]')).join(', ')}`];
        return JSON.stringify(got) === JSON.stringify(w);
      },
      want,
      { timeout: 3000 },
    )
    .catch(() => {});
  assert.deepEqual(await board(page), want);
}

/** The point at (fx, fy) of an element's box (as it is now: nothing scrolls). */
async function at(locator, fx = 0.5, fy = 0.5) {
  const b = await locator.boundingBox();
  assert.ok(b, 'element is laid out');
  return { x: b.x + b.width * fx, y: b.y + b.height * fy };
}

/**
 * A mouse drag in small steps from `from` to the point (fx, fy) of `to`, let go once `over` is
 * announced and still holds, and done once the entry is announced dropped where `over` said.
 * A drop that lands elsewhere (the board moved under a still pointer on a slow machine) is
 * dragged again, as a person would.
 */
async function mouseDrag(page, from, to, { over, fx = 0.5, fy = 0.5, fromPanel = false }) {
  const entry = over.source.split(' is over')[0];
  const landed = new RegExp(over.source.replace(' is over ', ' was dropped in '));
  for (let drag = 1; ; drag++) {
    await dragOnce(page, from, to, { over, fx, fy, fromPanel });
    // This entry's drop: the live region may still hold the last drag's.
    await announced(page, new RegExp(`${entry} was dropped `));
    // dnd-kit swallows a click just after a drag; a person's next press comes later than that.
    await page.waitForTimeout(300);
    const said = await page.evaluate(() => [...document.querySelectorAll('[id^="DndLiveRegion"]')].map((el) => el.textContent).join(' | '));
    if (landed.test(said)) return;
    if (drag === 3) {
      await screenshot(page, 'tiers-drag-missed-1280x800');
      assert.fail(`dropped elsewhere three times: ${said} (wanted ${landed})`);
    }
  }
}

/** One press, move and release of mouseDrag: released only while `over` is what dnd-kit says. */
async function dragOnce(page, from, to, { over, fx, fy, fromPanel }) {
  // Both ends mid-screen before the press, away from the edges where dnd-kit scrolls the page.
  if (fromPanel) {
    await from.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await to.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  } else {
    await from.evaluate((f, t) => {
      const a = f.getBoundingClientRect();
      const b = t.getBoundingClientRect();
      window.scrollBy(0, (a.top + a.bottom + b.top + b.bottom) / 4 - window.innerHeight / 2);
    }, await to.elementHandle());
  }
  const a = await at(from);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 8, a.y + 8, { steps: 4 });
  // The board may move as the drag starts (the lifted entry leaves its place, a slow machine
  // lays out late): aim at where the target is now, and while dnd-kit has not said so, at
  // another height of it (each move is a new pointer position for its collision check).
  for (const [attempt, y] of [fy, fy * 0.6, Math.min(0.9, fy * 1.4)].entries()) {
    const b = await at(to, fx, y);
    await page.mouse.move(b.x, b.y, { steps: 14 });
    try {
      await announced(page, over, { timeout: 5000 });
      await stillOver(page, () => at(to, fx, y), over, { timeout: 2000 });
      break;
    } catch (err) {
      if (attempt === 2) {
        await screenshot(page, 'tiers-drag-missed-1280x800');
        throw err;
      }
    }
  }
  await page.mouse.up();
}

/** Space, then each arrow once its move is announced, then Space to drop. */
async function keyboardMove(page, handleName, keys, { landed }) {
  const handle = page.getByRole('button', { name: handleName });
  // The entry's own pick-up: a live region may still hold the last move's words. On a busy
  // machine the last drop hands focus back to its entry's handle a moment late, after ours
  // was focused; Space then picks that entry up, and a person puts it back (Escape) and
  // tries again.
  const entry = handleName.replace(/^Move /, '').split(',')[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (let attempt = 1; ; attempt++) {
    await handle.focus();
    // As between arrows: a drop just made leaves the sensor a task to settle, and a person's
    // next press comes later than that.
    await page.waitForTimeout(150);
    await page.keyboard.press('Space');
    try {
      await announced(page, new RegExp(`${entry} is over `), { timeout: 5000 });
      break;
    } catch (err) {
      if (attempt === 3) throw err;
      if ((await page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))) === 'true') {
        await page.keyboard.press('Escape');
        await announced(page, / was cancelled\./);
      }
    }
  }
  for (const [key, said] of keys) {
    // dnd-kit's keyboard sensor listens from the task after it starts.
    await page.waitForTimeout(150);
    await page.keyboard.press(key);
    await announced(page, said);
  }
  await page.keyboard.press('Space');
  await announced(page, landed);
}

/** axe-core (WCAG 2.2 AA) on the page as it is: its violations as readable lines. */
async function axe(page) {
  await settled(page);
  await injectAxe(page);
  return page.evaluate(() =>
    window.axe
      .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] })
      .then((r) => r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)),
  );
}

const DEFAULT = ['S: ', 'A: ', 'B: ', 'C: ', 'D: ', 'F: '];
const tierRow = (page, label) => page.getByRole('list', { name: 'Tiers' }).locator(':scope > li').filter({ has: page.getByRole('button', { name: `Tier ${label}: add clicked entries here` }) });

/** Opens the share dialog and checks the drawn image is the share image's size. */
async function openShareImage(page) {
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share List Image' });
  await dialog.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector('dialog[open] img');
    return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
  });
  const natural = await dialog.getByRole('img', { name: /Share image of/ }).evaluate((img) => [img.naturalWidth, img.naturalHeight]);
  assert.deepEqual(natural, [1024, 1536], 'the preview is the drawn share image');
  return dialog;
}

test('desktop: a tier list by click, drag and keyboard; saved, shown as a chart, in browse under Tier lists, shared', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  const me = await signUp(page, 'tierer@example.com');
  await page.goto('/create');
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  await page.getByText('Tiers', { exact: true }).click({ timeout: 30_000 });
  await panel.getByText('Click contestants to add them to the selected tier (or the unplaced pool), or drag them into a tier.').waitFor();
  await expectBoard(page, [...DEFAULT, 'pool: ']);
  assert.equal(await page.getByRole('button', { name: 'Save List' }).isDisabled(), true, 'nothing placed: nothing to save');

  // Clicks go to the pool, or to the tier picked by its label.
  await panel.getByRole('button', { name: /^Borneo, Season 1$/ }).click();
  await panel.getByRole('button', { name: 'Add Richard Hatch' }).click();
  await panel.getByRole('button', { name: 'Add Susan Hawk' }).click();
  await page.getByRole('button', { name: 'Tier S: add clicked entries here' }).click();
  await panel.getByRole('button', { name: 'Add Rudy Boesch' }).click();
  await expectBoard(page, ['S: Rudy Boesch', 'A: ', 'B: ', 'C: ', 'D: ', 'F: ', 'pool: Richard Hatch, Susan Hawk']);

  // Drag from the panel into an empty tier.
  await mouseDrag(page, panel.getByRole('button', { name: 'Add Kelly Wiglesworth' }), tierRow(page, 'A'), {
    over: /Kelly Wiglesworth is over tier A, position 1 of 1/,
    fromPanel: true,
  });
  // Drag within the board to a precise place: Rudy from S to just before Kelly in A.
  await mouseDrag(page, page.getByRole('button', { name: /^Move Rudy Boesch,/ }), page.getByRole('button', { name: /^Move Kelly Wiglesworth,/ }), {
    over: /Rudy Boesch is over tier A, position 1 of 2/,
    fx: 0.2,
  });
  // And from the pool into the tier just above it.
  await mouseDrag(page, page.getByRole('button', { name: /^Move Richard Hatch,/ }), tierRow(page, 'F'), { over: /Richard Hatch is over tier F, position 1 of 1/ });
  await expectBoard(page, ['S: ', 'A: Rudy Boesch, Kelly Wiglesworth', 'B: ', 'C: ', 'D: ', 'F: Richard Hatch', 'pool: Susan Hawk']);

  // Keyboard: up and down change tier, left and right walk one; each step is announced.
  await keyboardMove(
    page,
    'Move Susan Hawk, the unplaced pool, position 1 of 1',
    [
      ['ArrowUp', /Susan Hawk is over tier F, position 1 of 2/],
      ['ArrowUp', /Susan Hawk is over tier D, position 1 of 1/],
      ['ArrowUp', /Susan Hawk is over tier C, position 1 of 1/],
      ['ArrowUp', /Susan Hawk is over tier B, position 1 of 1/],
    ],
    { landed: /Susan Hawk was dropped in tier B, position 1 of 1/ },
  );
  await keyboardMove(
    page,
    'Move Richard Hatch, tier F, position 1 of 1',
    [
      ['ArrowUp', /Richard Hatch is over tier D, position 1 of 1/],
      ['ArrowUp', /Richard Hatch is over tier C, position 1 of 1/],
      ['ArrowUp', /Richard Hatch is over tier B, position 1 of 2/],
      ['ArrowUp', /Richard Hatch is over tier A, position 1 of 3/],
      ['ArrowUp', /Richard Hatch is over tier S, position 1 of 1/],
    ],
    { landed: /Richard Hatch was dropped in tier S, position 1 of 1/ },
  );
  await keyboardMove(page, 'Move Rudy Boesch, tier A, position 1 of 2', [['ArrowRight', /Rudy Boesch is over tier A, position 2 of 2/]], {
    landed: /Rudy Boesch was dropped in tier A, position 2 of 2/,
  });
  await expectBoard(page, ['S: Richard Hatch', 'A: Kelly Wiglesworth, Rudy Boesch', 'B: Susan Hawk', 'C: ', 'D: ', 'F: ', 'pool: ']);

  // A tier renamed and recoloured; an empty one removed.
  await page.getByRole('button', { name: 'Tier S settings' }).click();
  await page.getByRole('textbox', { name: 'Label' }).fill('GOAT');
  await page.getByRole('radio', { name: 'Purple' }).check();
  await page.getByRole('button', { name: 'Tier GOAT settings' }).click();
  await page.getByRole('button', { name: 'Tier F settings' }).click();
  await page.getByRole('button', { name: 'Remove tier F' }).click();
  await expectBoard(page, ['GOAT: Richard Hatch', 'A: Kelly Wiglesworth, Rudy Boesch', 'B: Susan Hawk', 'C: ', 'D: ', 'pool: ']);

  await page.getByLabel('List name').fill('Borneo in tiers');
  // The draft keeps the tiers.
  await until(async () => {
    const draft = await serverDraft(page);
    return draft?.format === 'tiers' && draft.name === 'Borneo in tiers' && draft.tiers?.[0]?.label === 'GOAT';
  }, 'the draft keeps the tiers');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'tiers-create-1280x800');
  assert.deepEqual(await axe(page), [], 'the tier creator passes axe');

  await page.getByRole('button', { name: 'Save List' }).click();
  await page.waitForURL(new RegExp(`/list/${me.id}/list_\\d+$`));
  await page.getByRole('heading', { level: 1, name: 'Borneo in tiers' }).waitFor();
  await page.getByText('Survivor tier list').waitFor();
  const chart = page.getByRole('list', { name: 'Tiers' });
  assert.equal(await chart.locator(':scope > li').count(), 5);
  assert.deepEqual(await page.getByRole('list', { name: 'Tier GOAT' }).locator(':scope > li').allTextContents(), ['Richard Hatch']);
  assert.deepEqual(await page.getByRole('list', { name: 'Tier A' }).locator(':scope > li').allTextContents(), ['Kelly Wiglesworth', 'Rudy Boesch']);
  assert.equal(await chart.locator('[data-color="purple"]').count(), 1, 'the top tier is purple');
  await screenshot(page, 'tiers-list-1280x800');
  assert.deepEqual(await axe(page), [], 'the tier chart passes axe');

  // Its share image: a tier chart drawn by the server.
  const dialog = await openShareImage(page);
  await settled(page);
  await screenshot(page, 'tiers-share-1280x800');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });

  // Browse: under Tier lists, with its top tier on the card; not under Ranked.
  await page.goto('/rankings');
  await page.getByLabel('Format').selectOption('tiers');
  await page.waitForURL(/format=tiers/);
  const card = page.getByRole('article', { name: 'Borneo in tiers' });
  await card.waitFor();
  await card.getByRole('list', { name: 'Top tier GOAT' }).waitFor();
  await card.getByText('Tier list', { exact: true }).waitFor();
  await screenshot(page, 'tiers-browse-1280x800');
  await page.getByLabel('Format').selectOption('ranked');
  await page.waitForURL(/format=ranked/);
  await page.getByText('No lists found matching your criteria.').waitFor();

  // Edit: it opens in tier mode with its tiers.
  await page.goto('/mylists');
  await page.getByRole('button', { name: 'Edit Borneo in tiers' }).click();
  await page.getByRole('heading', { name: 'Edit Ranking' }).waitFor();
  await expectBoard(page, ['GOAT: Richard Hatch', 'A: Kelly Wiglesworth, Rudy Boesch', 'B: Susan Hawk', 'C: ', 'D: ', 'pool: ']);
  await page.context().close();
});

test('phone: a tier list by tap, touch drag and keyboard; saved and shown as a chart', async () => {
  const page = await app.newPage({ width: 390, height: 844 });
  await signUp(page, 'thumbs@example.com');
  await page.goto('/create');
  await page.getByText('Tiers', { exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  const openSheet = async () => {
    await page.getByRole('button', { name: 'Add contestants or seasons' }).click();
    await settled(page);
  };

  // Taps: into the pool, the sheet closing after each pick.
  await openSheet();
  await panel.getByRole('button', { name: /^Borneo, Season 1$/ }).click();
  await settled(page);
  await panel.getByRole('button', { name: 'Add Richard Hatch' }).click();
  await settled(page);
  await openSheet();
  await panel.getByRole('button', { name: 'Add Rudy Boesch' }).click();
  await settled(page);
  await expectBoard(page, [...DEFAULT, 'pool: Richard Hatch, Rudy Boesch']);

  // Touch: hold Richard 150 ms+ and drag him into tier S.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  await tierRow(page, 'S').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const richard = page.getByRole('button', { name: /^Move Richard Hatch,/ });
  await richard.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const start = await at(richard);
  await touchDrag(page, cdp, start, () => at(tierRow(page, 'S'), 0.5, 0.5), { over: /Richard Hatch is over tier S, position 1 of 1/ });
  await expectBoard(page, ['S: Richard Hatch', 'A: ', 'B: ', 'C: ', 'D: ', 'F: ', 'pool: Rudy Boesch']);

  // Keyboard on the phone too: Rudy from the pool up into F.
  await keyboardMove(page, 'Move Rudy Boesch, the unplaced pool, position 1 of 1', [['ArrowUp', /Rudy Boesch is over tier F, position 1 of 1/]], {
    landed: /Rudy Boesch was dropped in tier F, position 1 of 1/,
  });
  // A tap's way to move: the entry's dialog.
  await page.getByRole('button', { name: 'Edit Rudy Boesch: note, tier or remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rudy Boesch' });
  await dialog.getByLabel('Tier').selectOption({ label: 'A' });
  await dialog.getByLabel('Note on Rudy Boesch').fill('Oldest winner of the first challenge');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expectBoard(page, ['S: Richard Hatch', 'A: Rudy Boesch', 'B: ', 'C: ', 'D: ', 'F: ', 'pool: ']);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `nothing wider than the phone: ${overflow}px too wide`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'tiers-create-390x844');

  await page.getByLabel('List name').fill('Pocket tiers');
  await page.getByRole('button', { name: 'Save List' }).click();
  await page.getByRole('heading', { level: 1, name: 'Pocket tiers' }).waitFor();
  assert.deepEqual(await page.getByRole('list', { name: 'Tier S' }).locator(':scope > li').allTextContents(), ['Richard Hatch']);
  await page.getByText('Oldest winner of the first challenge').waitFor();
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `the chart fits the phone: ${wide}px too wide`);
  await screenshot(page, 'tiers-list-390x844');
  const share = await openShareImage(page);
  await settled(page);
  await screenshot(page, 'tiers-share-390x844');
  await share.getByRole('button', { name: 'Close' }).click();

  await page.goto('/rankings?format=tiers');
  await page.getByRole('article', { name: 'Pocket tiers' }).waitFor();
  await screenshot(page, 'tiers-browse-390x844');
  await page.context().close();
});

// A full cast (Heroes vs. Villains' 20) in six tiers, ten in one of them and none in F.
const HVV = ['tom-westman', 'sandra-diaz-twine', 'parvati-shallow', 'russell-hantz', 'jerri-manthey', 'colby-donaldson', 'rupert-boneham', 'cirie-fields', 'james-clement', 'amanda-kimmel', 'candice-woodcock', 'danielle-dilorenzo', 'benjamin-wade', 'courtney-yates', 'james-thomas', 'stephenie-lagrossa', 'tyson-apostol', 'randy-bailey', 'jessica-kiper', 'rob-mariano'];
const FULL_CAST = [
  ['S', 'red', 0, 1],
  ['A', 'orange', 1, 4],
  ['B', 'yellow', 4, 14],
  ['C', 'green', 14, 18],
  ['D', 'teal', 18, 20],
  ['F', 'blue', 20, 20],
].map(([label, color, from, to]) => ({ label, color, contestants: HVV.slice(from, to).map((id) => ({ id, isSeason: false, seasonId: 's20' })) }));

/** Sends a request from the page (same origin: the session cookie goes with it); returns the parsed answer. */
async function api(page, method, path, body) {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, { method: m, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
      if (!res.ok) throw new Error(`${m} ${p}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    [method, path, body],
  );
}

/** How far below the header the element's box reaches, and how much room the window has there. */
async function heightBelowHeader(locator) {
  return locator.evaluate((el) => {
    const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
    return { height: Math.ceil(el.getBoundingClientRect().height), room: window.innerHeight - header };
  });
}

/** The tops of the tiles in the list labelled `name`: one value when they sit on one line. */
async function lineTops(page, name) {
  return page.getByRole('list', { name }).locator(':scope > li').evaluateAll((lis) => [...new Set(lis.map((li) => Math.round(li.getBoundingClientRect().top)))]);
}

/** Every element of the page that reaches past the window's right edge, as 'tag.class (right)'. */
async function wider(page) {
  return page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.right > window.innerWidth + 0.5 && el.closest('[inert], [aria-hidden="true"]') === null;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)})`),
  );
}

for (const [label, viewport, suffix] of [
  ['desktop', { width: 1280, height: 800 }, '1280x800'],
  ['phone', { width: 390, height: 844 }, '390x844'],
]) {
  test(`${label}: a tier chart's entry opens the castaway's page, as a ranked list's does`, async () => {
    const page = await app.newPage(viewport);
    await signUp(page, `chart-links-${suffix}@example.com`);
    const list = await api(page, 'POST', '/api/lists', { name: 'Heroes vs. Villains in tiers', format: 'tiers', tiers: FULL_CAST });
    await page.goto(`/list/${list.userId}/${list.id}`);
    await page.getByRole('list', { name: 'Tier S' }).getByRole('link', { name: 'Tom Westman' }).click();
    await page.waitForURL('**/castaways/tom-westman');
    await page.getByRole('heading', { level: 1, name: 'Tom Westman' }).waitFor();
    await page.context().close();
  });
}

test('desktop: a full cast in tiers fits one 1280×800 screen while creating and reading', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  await signUp(page, 'full-cast@example.com');
  await api(page, 'PUT', '/api/me/draft', { name: 'Heroes vs. Villains in tiers', format: 'tiers', tiers: FULL_CAST, pool: [] });
  await page.goto('/create');
  await page.getByText('Your unsaved draft was restored.').waitFor();
  await page.getByRole('button', { name: /^Move Rob Mariano,/ }).waitFor();
  const tiers = page.getByRole('list', { name: 'Tiers' });
  // The board: from its first tier to the end of the unplaced pool.
  const board = tiers.locator('xpath=..');
  await board.getByRole('region', { name: 'Unplaced' }).waitFor();
  const creating = await heightBelowHeader(board);
  assert.ok(creating.height <= creating.room, `the board (${creating.height}px) fits below the header (${creating.room}px)`);
  assert.equal((await lineTops(page, 'Tier B')).length, 1, 'ten entries sit on one line');
  const [filled, empty] = await Promise.all(['S', 'F'].map((l) => tierRow(page, l).evaluate((el) => el.getBoundingClientRect().height)));
  assert.ok(empty <= filled, `an empty tier (${empty}px) is no taller than a line of entries (${filled}px)`);
  await board.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -(document.querySelector('header')?.getBoundingClientRect().height ?? 0)));
  await screenshot(page, 'tiers-full-create-1280x800');

  await page.getByRole('button', { name: 'Save List' }).click();
  await page.getByRole('heading', { level: 1, name: 'Heroes vs. Villains in tiers' }).waitFor();
  const chart = page.getByRole('list', { name: 'Tiers' });
  await page.getByRole('list', { name: 'Tier B' }).getByRole('link', { name: 'Rupert Boneham' }).waitFor();
  const reading = await heightBelowHeader(chart);
  assert.ok(reading.height <= reading.room, `the chart (${reading.height}px) fits below the header (${reading.room}px)`);
  assert.equal((await lineTops(page, 'Tier B')).length, 1, 'ten entries sit on one line');
  await chart.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -(document.querySelector('header')?.getBoundingClientRect().height ?? 0)));
  await screenshot(page, 'tiers-full-list-1280x800');
  await page.context().close();
});

test('phone: a full cast in tiers stays within 390 px while creating and reading', async () => {
  const page = await app.newPage({ width: 390, height: 844 });
  await signUp(page, 'full-cast-phone@example.com');
  await api(page, 'PUT', '/api/me/draft', { name: 'Pocket full cast', format: 'tiers', tiers: FULL_CAST, pool: [] });
  await page.goto('/create');
  await page.getByRole('button', { name: /^Move Rob Mariano,/ }).waitFor();
  assert.deepEqual(await wider(page), [], 'nothing of the creator is wider than the phone');
  await tierRow(page, 'S').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -(document.querySelector('header')?.getBoundingClientRect().height ?? 0)));
  await screenshot(page, 'tiers-full-create-390x844');

  await page.getByRole('button', { name: 'Save List' }).click();
  await page.getByRole('heading', { level: 1, name: 'Pocket full cast' }).waitFor();
  await page.getByRole('list', { name: 'Tier B' }).getByRole('link', { name: 'Rupert Boneham' }).waitFor();
  assert.deepEqual(await wider(page), [], 'nothing of the chart is wider than the phone');
  await page.getByRole('list', { name: 'Tiers' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -(document.querySelector('header')?.getBoundingClientRect().height ?? 0)));
  await screenshot(page, 'tiers-full-list-390x844');
  await page.context().close();
});
