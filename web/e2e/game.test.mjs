// Journey: the game as data. A fan switches the seasons panel to Australia, opens a season's
// page, reads a tribal council's votes, opens a castaway from it, ranks three of the season's
// castaways and publishes; their castaway page then sets the fans' place beside the game's. On
// a phone the season page never scrolls sideways.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { injectAxe, screenshot, settled, signUp, startApp, until } from './harness.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

const AU3 = 'Australia: Champions vs. Contenders';
const SECTIONS = ['Boot order', 'Tribal councils', 'Idols and advantages', 'Episodes'];

/** Opens each closed section of a season page. */
async function openAll(page) {
  for (const name of SECTIONS) {
    const button = page.getByRole('region', { name, exact: true }).getByRole('button', { name: new RegExp(`^${name}`) });
    if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
  }
}

/** The council of Champions vs. Contenders' second boot: a tie, a deadlocked revote, Russell out. */
const secondCouncil = (page) => page.getByRole('article', { name: 'Tribal council, episode 2, day 5' });

test('desktop: Australia in the panel, a season page and its votes, a castaway, a ranking of its cast', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  const me = await signUp(page, 'aussie@example.com');
  await page.goto('/');
  const panel = page.getByRole('complementary', { name: 'Seasons' });
  const franchises = panel.getByRole('group', { name: 'Franchise' });
  const us = franchises.getByRole('radio', { name: 'US', exact: true });
  await us.waitFor();
  assert.equal(await us.isChecked(), true, 'the US is the first choice');

  // The switch is a radio group: the arrow key moves to Australia.
  await us.focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await franchises.getByRole('radio', { name: 'Australia' }).isChecked(), true);
  const grid = panel.getByRole('list', { name: 'All seasons' });
  await grid.getByRole('button', { name: 'Champions vs. Contenders, AU 3' }).waitFor();
  assert.equal(await grid.getByRole('button', { name: /Season 20$/ }).count(), 0, 'the US seasons are gone from the grid');
  assert.equal(await grid.getByRole('listitem').count(), 12, "Australia's twelve seasons");
  await screenshot(page, 'game-panel-australia-1280x800');

  // Search still covers every franchise.
  const search = panel.getByPlaceholder('Search seasons or contestants...');
  await search.fill('Parvati');
  await panel.getByRole('list', { name: 'Matching contestants' }).getByText('Parvati Shallow').waitFor();
  await panel.getByRole('button', { name: 'Clear search' }).click();

  await grid.getByRole('button', { name: 'Champions vs. Contenders, AU 3' }).click();
  await panel.getByRole('link', { name: 'Community ranking' }).click();
  await page.waitForURL('**/seasons/au3');
  await page.getByRole('heading', { level: 1, name: AU3 }).waitFor();
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page opens at its top');
  assert.equal(await page.title(), `${AU3} — Survivor Rankings`);
  const facts = page.getByRole('region', { name: 'Where and when' });
  await facts.getByRole('link', { name: 'Shane Gould' }).waitFor();
  assert.match(await facts.textContent(), /Final vote 5-4/);
  assert.match(await facts.textContent(), /Savusavu, Fiji/);
  await screenshot(page, 'game-season-1280x800');

  // The votes: every council behind one button, each vote grouped by whom it was for.
  await page.getByRole('button', { name: /^Tribal councils/ }).click();
  const council = secondCouncil(page);
  await council.getByRole('heading', { name: 'Tied vote' }).waitFor();
  await council.getByRole('heading', { name: 'Revote' }).waitFor();
  const text = (await council.textContent()).replace(/\s+/g, ' ');
  assert.match(text, /Out: Russell Hantz/);
  assert.match(text, /Russell Hantz9 votes/, 'the revote sent Russell home 9 votes to 1');
  assert.match(text, /Deadlock: Can't vote/);
  await council.scrollIntoViewIfNeeded();
  await screenshot(page, 'game-votes-1280x800');

  // Each castaway opens their page: Russell, from the council that sent him home.
  await council.getByText('Out:').locator('..').getByRole('link', { name: 'Russell Hantz' }).click();
  await page.waitForURL('**/castaways/russell-hantz');
  await page.getByRole('heading', { level: 1, name: 'Russell Hantz' }).waitFor();
  const inAU3 = page.getByLabel('Their game in Champions vs. Contenders');
  await inAU3.waitFor();
  assert.match(await inAU3.textContent(), /Finish2nd voted out \(23rd of 24\)/);
  assert.match(await page.getByRole('region', { name: 'Their 4 seasons' }).textContent(), /The game scores them 19th of 24; fans have not ranked them in this season yet\./);

  // The creator: the panel remembers Australia; three of the season's castaways, published.
  await page.goto('/create');
  await panel.getByText('Click contestants to add them to your ranking list or drag them for precise positioning.').waitFor();
  assert.equal(await panel.getByRole('radio', { name: 'Australia' }).isChecked(), true, 'the franchise is remembered');
  await panel.getByRole('button', { name: 'Champions vs. Contenders, AU 3' }).click();
  for (const name of ['Russell Hantz', 'Shane Gould', 'Sharn Coombes']) await panel.getByRole('button', { name: `Add ${name}` }).click();
  await page.getByLabel('List name').fill('Champions of Savusavu');
  await page.getByRole('button', { name: 'Save List' }).click();
  await page.waitForURL(new RegExp(`/list/${me.id}/list_\\d+$`));
  await page.getByRole('heading', { level: 1, name: 'Champions of Savusavu' }).waitFor();
  await page.getByRole('link', { name: 'Russell Hantz', exact: true }).waitFor();
  assert.ok((await page.getByText(AU3).count()) >= 1, "each entry names its season, franchise and all");
  const listUrl = page.url();

  // Browse finds it under Australia, and not under the US.
  await page.goto('/rankings');
  await page.getByLabel('Franchise').selectOption({ label: 'Australia' });
  await page.waitForURL('**/rankings?franchise=AU');
  await page.getByRole('link', { name: 'Champions of Savusavu' }).first().waitFor();
  await page.getByLabel('Franchise').selectOption({ label: 'US' });
  await page.waitForURL('**/rankings?franchise=US');
  await until(async () => (await page.getByRole('link', { name: 'Champions of Savusavu' }).count()) === 0, 'the US leaves the Australian list out');
  await page.goto(listUrl);
  await page.getByRole('heading', { level: 1, name: 'Champions of Savusavu' }).waitFor();

  // Fans (this one list) put Russell first; the game's score puts him 19th of 24.
  await page.getByRole('link', { name: 'Russell Hantz', exact: true }).click();
  await page.waitForURL('**/castaways/russell-hantz');
  const versus = 'Fans rank them 1st of 3, the game scores them 19th. Overrated: fans rank them above their game.';
  // The castaway's page is shared among readers for a moment (--shared-reads): once its
  // API has the new list's place, a reload shows it.
  if ((await page.getByText('Fans rank them 1st of 3').count()) === 0) {
    await until(
      () => page.evaluate(async () => {
        const c = await (await fetch('/api/contestants/russell-hantz')).json();
        return c.seasons.some((s) => s.id === 'au3' && s.community.place === 1 && s.community.ranked === 3);
      }),
      "the castaway's API has the new list's place",
    );
    await page.reload();
  }
  await page.getByText('Fans rank them 1st of 3').waitFor();
  const card = page.getByRole('listitem').filter({ has: page.getByLabel('Their game in Champions vs. Contenders') });
  assert.ok((await card.textContent()).replace(/\s+/g, ' ').includes(versus), 'fans and the game side by side');
  await page.getByLabel('Their game in Champions vs. Contenders').scrollIntoViewIfNeeded();
  await screenshot(page, 'game-castaway-1280x800');
  await page.context().close();
});

test('phone: the season page fits 390 px with every section open, and axe finds nothing', async () => {
  const page = await app.newPage({ width: 390, height: 844 });
  await page.goto('/seasons/au3');
  await page.getByRole('heading', { level: 1, name: AU3 }).waitFor();
  await page.getByRole('region', { name: 'Where and when' }).waitFor();
  await screenshot(page, 'game-season-390x844');
  await openAll(page);
  await secondCouncil(page).waitFor();
  await page.getByRole('table', { name: 'Episodes' }).waitFor();
  const widths = await page.evaluate(() => [document.scrollingElement.scrollWidth, innerWidth]);
  assert.ok(widths[0] <= widths[1], `the page scrolls sideways: ${widths[0]}px wide in a ${widths[1]}px window`);
  // A table wider than the phone scrolls inside its own region, which the keyboard can reach.
  const region = page.getByRole('region', { name: 'Episodes table' });
  assert.equal(await region.getAttribute('tabindex'), '0');
  assert.ok(await region.evaluate((r) => r.scrollWidth > r.clientWidth), 'the episodes table is wider than the phone');
  await secondCouncil(page).scrollIntoViewIfNeeded();
  await screenshot(page, 'game-votes-390x844');

  await settled(page);
  await injectAxe(page);
  const violations = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } }).then((r) =>
      r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
    ),
  );
  assert.deepEqual(violations, []);

  await page.goto('/castaways/au-shane-gould');
  await page.getByRole('heading', { level: 1, name: 'Shane Gould' }).waitFor();
  await page.getByLabel('Their game in Champions vs. Contenders').waitFor();
  const castawayWidths = await page.evaluate(() => [document.scrollingElement.scrollWidth, innerWidth]);
  assert.ok(castawayWidths[0] <= castawayWidths[1], `the castaway page scrolls sideways: ${castawayWidths[0]}px`);
  await page.getByLabel('Their game in Champions vs. Contenders').scrollIntoViewIfNeeded();
  await screenshot(page, 'game-castaway-390x844');
  await page.context().close();
});
