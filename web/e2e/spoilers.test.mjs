// Journey: the spoiler shield. A fan says they are up to episode 3 of Heroes vs. Villains and
// sees nothing after it on the season page (no winner, later boots as placeholders), on
// Parvati's page (no Winners at War, no result) and on a list ranking its castaways (covered),
// then reveals one boot. On a phone a visitor's shield is kept in the browser and sent with
// the game request; the page never scrolls sideways. A fan behind on a season on air sees
// their prediction scored as of their episode and the leaderboard hidden, until revealed.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { api, screenshot, shotAt, signUp, startApp, until } from './harness.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

const HIDDEN_WINNER = "Hidden: the winner and the jury's votes come after your episode.";
const LIST_NOTICE = 'This list ranks castaways of a season you have not finished.';
const SPOILERS = ['Sole Survivor', 'Runner-up', 'Final vote'];

/** Asserts the page's text holds none of the spoilers. */
async function spoilsNothing(page, where, spoilers = SPOILERS) {
  const text = await page.getByRole('main').innerText();
  for (const s of spoilers) assert.ok(!text.includes(s), `${where} shows "${s}"`);
}

/** Sets "Where are you?" on the season page and waits for the shielded game. */
async function upToEpisode3(page) {
  const where = page.getByRole('combobox', { name: 'Where are you?' });
  await where.waitFor();
  await where.selectOption('3');
  await page.getByText('You are up to episode 3: what happened after it is hidden.').waitFor();
}

test('desktop 1280: a fan up to episode 3 sees nothing after it, then reveals one boot', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });
  const me = await signUp(page, 'binge@example.com');
  const list = await api(page, 'POST', '/api/lists', {
    name: 'Heroes and villains I love',
    description: 'My favourites so far.',
    tags: [],
    isPublic: true,
    contestants: ['sandra-diaz-twine', 'parvati-shallow', 'russell-hantz'].map((id) => ({ id, isSeason: false })),
  });

  await page.goto('/seasons/s20');
  await upToEpisode3(page);
  const facts = page.getByRole('region', { name: 'Where and when' });
  await facts.getByText(HIDDEN_WINNER).waitFor();
  await spoilsNothing(page, 'the season page');
  const boots = page.getByRole('region', { name: 'Boot order', exact: true });
  await boots.getByRole('button', { name: /^Boot order/ }).click();
  const reveals = boots.getByRole('button', { name: /^Reveal boot \d+$/ });
  await reveals.first().waitFor();
  const hiddenBefore = await reveals.count();
  assert.ok(hiddenBefore >= 10, `${hiddenBefore} boots hidden after episode 3`);
  // The answer itself holds no winner: the server cut it.
  const answer = await api(page, 'GET', '/api/seasons/s20/game');
  assert.equal(answer.winner, undefined);
  assert.equal(answer.shield.upTo, 3);
  await screenshot(page, 'spoilers-season-1280x800');

  // One boot revealed: its row shows who left; the others stay hidden.
  const name = await reveals.first().getAttribute('aria-label');
  const order = Number(name.replace('Reveal boot ', ''));
  await reveals.first().click();
  await boots.getByRole('row').filter({ hasText: new RegExp(`^${order}`) }).getByRole('link').waitFor();
  assert.equal(await reveals.count(), hiddenBefore - 1);
  await spoilsNothing(page, 'the season page after one reveal');
  await boots.scrollIntoViewIfNeeded();
  await screenshot(page, 'spoilers-season-revealed-1280x800');

  // Parvati's page: Heroes vs. Villains cut, her later seasons withheld, in the HTML too.
  await page.goto('/castaways/parvati-shallow');
  await page.getByText('Still in the game at your episode.').waitFor();
  await page.getByText(/Hidden: 2 later seasons of theirs/).waitFor();
  const castawayText = await page.getByRole('main').innerText();
  assert.ok(!castawayText.includes('Winners at War'), 'the castaway page names Winners at War');
  // She won Micronesia before: only Heroes vs. Villains' result is hidden.
  await spoilsNothing(page, 'the castaway page', ['Runner-up']);
  const html = await (await page.request.get('/castaways/parvati-shallow')).text();
  assert.ok(!html.includes('Winners at War'), "the castaway page's HTML names Winners at War");
  assert.ok((await (await page.request.get('/api/contestants/parvati-shallow')).text()).includes('Heroes vs. Villains'));
  assert.ok(!(await (await page.request.get('/api/contestants/parvati-shallow')).text()).includes('Winners at War'), 'the castaway answer names Winners at War');
  await screenshot(page, 'spoilers-castaway-1280x800');

  // The list ranking Heroes vs. Villains castaways stays covered until revealed.
  await page.goto(`/list/${me.id}/${list.id}`);
  await page.getByText(LIST_NOTICE).waitFor();
  assert.equal(await page.locator('main ol').filter({ hasText: 'Sandra Diaz-Twine' }).first().getAttribute('aria-hidden'), 'true');
  await screenshot(page, 'spoilers-list-1280x800');
  await page.getByRole('button', { name: 'Reveal' }).click();
  await page.getByRole('link', { name: 'Sandra Diaz-Twine' }).waitFor();
  await page.close();
});

test('phone 390: a visitor’s shield is kept in the browser and sent with the game request', async () => {
  const page = await app.newPage({ width: 390, height: 844 });
  await page.goto('/seasons/s20');
  const sent = page.waitForRequest((r) => r.url().includes('/api/seasons/s20/game?upTo=3'));
  await upToEpisode3(page);
  await sent;
  await page.getByText(HIDDEN_WINNER).waitFor();
  await spoilsNothing(page, 'the season page on a phone');
  assert.deepEqual(JSON.parse(await page.evaluate(() => localStorage.getItem('castaway.watching'))), { s20: 3 });
  const wide = await page.evaluate(() => [document.documentElement.scrollWidth, [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 3).map((e) => `${e.tagName}.${e.className}`)]);
  assert.ok(wide[0] <= 390, `the season page scrolls sideways: ${JSON.stringify(wide)}`);
  await screenshot(page, 'spoilers-season-390x844');

  await page.goto('/castaways/parvati-shallow');
  await page.getByText('Still in the game at your episode.').waitFor();
  await spoilsNothing(page, 'the castaway page on a phone', ['Runner-up']);
  assert.ok(!(await page.getByRole('main').innerText()).includes('Winners at War'));
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the castaway page scrolls sideways');
  await screenshot(page, 'spoilers-castaway-390x844');

  // Reveal the winner alone.
  await page.goto('/seasons/s20');
  await page.getByRole('button', { name: 'Reveal the winner' }).click();
  await page.getByRole('region', { name: 'Where and when' }).getByRole('link', { name: 'Sandra Diaz-Twine' }).waitFor();
  await screenshot(page, 'spoilers-winner-revealed-390x844');
  await page.close();
});

test('1280 and 390: a fan behind on the season on air sees their score as of their episode, the leaderboard hidden', async () => {
  const mod = await app.newPage({ width: 1280, height: 800 });
  await signUp(mod, 'mod-shield@example.com');
  const bin = process.env.CASTAWAY_BIN ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'castaway');
  await promisify(execFile)(bin, ['users', 'grant-admin', 'mod-shield@example.com'], { env: { ...process.env, CASTAWAY_DATA_DIR: app.dataDir } });
  const cast = ['Ann Poe', 'Bob Roe', 'Cat Doe', 'Dan Moe'];
  await api(mod, 'POST', '/api/moderation/seasons', {
    franchise: 'US',
    number: 52,
    name: 'Survivor 52',
    premiere: '2099-03-01',
    cast: cast.map((name, i) => ({ name, tribe: i < 2 ? 'Luzon' : 'Tuku' })),
  });
  const fan = await app.newPage({ width: 1280, height: 800 });
  await signUp(fan, 'behind@example.com');
  const other = await app.newPage({ width: 1280, height: 800 });
  await signUp(other, 'caught-up@example.com');
  for (const p of [fan, other]) await api(p, 'PUT', '/api/seasons/s52/prediction', { order: ['ann-poe', 'bob-roe', 'cat-doe', 'dan-moe'] });
  await api(mod, 'PUT', '/api/moderation/seasons/s52/premiere', { premiere: '2020-01-01' });
  // Two boots, each called to the place (4 points each); the fan has seen episode 1 only.
  await api(mod, 'POST', '/api/moderation/seasons/s52/boots', { episode: 1, day: 3, castaway: 'dan-moe', result: '1st voted out' });
  await api(fan, 'PUT', '/api/me/watching/s52', { upTo: 1 });
  await api(mod, 'POST', '/api/moderation/seasons/s52/boots', { episode: 2, day: 6, castaway: 'cat-doe', result: '2nd voted out' });
  await until(async () => (await api(other, 'GET', '/api/seasons/s52/prediction')).entry.score.boots === 2, 'both boots scored', 15_000);

  await fan.goto('/seasons/s52');
  const section = fan.getByRole('region', { name: 'Predictions' });
  await section.getByTestId('prediction-score').filter({ hasText: '4 points' }).waitFor();
  await section.getByText('Scored up to episode 1, where you are: the boots after it are hidden.').waitFor();
  await section.getByText('The leaderboard is hidden until you catch up: it moves with boots after episode 1, where you are.').waitFor();
  assert.equal(await section.getByRole('row').filter({ hasText: 'Cat Doe' }).count(), 0, 'the boot after episode 1 is not shown');
  assert.equal(await section.getByRole('table', { name: 'Leaderboard' }).count(), 0);
  const [scroll, client] = await fan.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client, `the page scrolls sideways: ${scroll} > ${client}`);
  await shotAt(fan, 'spoilers-predictions-behind-1280x800', section);

  await fan.setViewportSize({ width: 390, height: 844 });
  await fan.reload();
  await section.getByText('The leaderboard is hidden until you catch up: it moves with boots after episode 1, where you are.').waitFor();
  const [narrow, width] = await fan.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(narrow <= width, `the page scrolls sideways at 390: ${narrow} > ${width}`);
  await shotAt(fan, 'spoilers-predictions-behind-390x844', section);

  // Revealed: the whole score and the leaderboard.
  await section.getByRole('button', { name: 'Reveal the leaderboard' }).click();
  await section.getByTestId('prediction-score').filter({ hasText: '8 points' }).waitFor();
  await section.getByRole('table', { name: 'Leaderboard' }).waitFor();
});
