// Journey: a fan predicts a season on air before its premiere, is refused after it, sees
// their score move when a moderator records a boot, and shares it. The server's clock is
// the real one: the premiere is set far ahead, then a moderator moves it into the past
// (PUT /api/moderation/seasons/{id}/premiere), which is what locks a prediction, so no
// test-only clock is needed. At 1280 and 390; screenshots in CASTAWAY_SHOTS (default
// e2e/screenshots).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { api, screenshotDir, shotAt, signUp, startApp, until } from './harness.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});



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

  // Before the premiere: the fan orders the cast by keyboard and saves it.
  const fan = await app.newPage({ width: 1280, height: 800 });
  await signUp(fan, 'fan@example.com');
  await fan.goto('/seasons/s51');
  const section = fan.getByRole('region', { name: 'Predictions' });
  const order = section.getByRole('list', { name: 'Your prediction, the winner first' });
  await order.waitFor();
  const names = async () => (await order.getByRole('listitem').allTextContents()).map((t) => t.replace(/[↑↓]/g, '').replace(/^\d+/, '').trim());
  assert.deepEqual(await names(), ['Ann Poe', 'Bob Roe', 'Cat Doe', 'Dan Moe']);
  // Dan Moe to the top, from the keyboard: each Enter moves him a place and keeps focus on him.
  await section.getByRole('button', { name: 'Move Dan Moe up' }).focus();
  for (let i = 0; i < 3; i++) {
    await fan.keyboard.press('Enter');
    await until(async () => (await names()).indexOf('Dan Moe') === 2 - i, `Dan Moe at ${3 - i}`);
  }
  assert.deepEqual(await names(), ['Dan Moe', 'Ann Poe', 'Bob Roe', 'Cat Doe']);
  await section.getByRole('button', { name: 'Save prediction' }).click();
  await section.getByRole('status').filter({ hasText: 'Prediction saved.' }).waitFor();
  // And picks who goes home in episode 1: Cat Doe, whom they predicted out first.
  await section.getByLabel(/Pick who goes home in episode 1/).selectOption({ label: 'Cat Doe' });
  await section.getByRole('button', { name: 'Save pick' }).click();
  await section.getByRole('status').filter({ hasText: 'Pick saved.' }).waitFor();
  await noSidewaysScroll(fan);
  await shotAt(fan, 'predictions-editor-1280x800', section);

  // The premiere moves into the past: the prediction is locked, by the server's clock.
  await api(mod, 'PUT', '/api/moderation/seasons/s51/premiere', { premiere: '2020-01-01' });
  const refused = await fan.evaluate(async () => {
    const r = await fetch('/api/seasons/s51/prediction', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ order: ['ann-poe', 'bob-roe', 'cat-doe', 'dan-moe'] }),
    });
    return { status: r.status, body: await r.json() };
  });
  assert.equal(refused.status, 409);
  assert.equal(refused.body.error.message, 'Predictions for Survivor 51 locked at the premiere, 1 January 2020, 00:00 UTC.');
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
  const small = await app.newPage({ width: 390, height: 844 });
  await signUp(small, 'early@example.com');
  await api(mod, 'PUT', '/api/moderation/seasons/s51/premiere', { premiere: '2099-03-01' });
  await small.goto('/seasons/s51');
  await small.getByRole('list', { name: 'Your prediction, the winner first' }).waitFor();
  await noSidewaysScroll(small);
  await shotAt(small, 'predictions-editor-390x844', small.getByRole('region', { name: 'Predictions' }));
});

