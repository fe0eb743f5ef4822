// Journey: community care on the real binary and a fresh database. A fan reports a comment and
// stops seeing it; an operator makes a moderator (castaway users grant-admin), who hides it at
// /moderation and it is gone for everyone but its author; a list owner blocks the troll, who
// can no longer comment on her lists; a fan downloads their data and deletes their account.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { injectAxe, PASSWORD, screenshot, settled, signUp, startApp } from './harness.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

/** Runs in the page (same origin, the page's session). */
function api(page, method, url, body) {
  return page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u, { method: m, headers: { 'Content-Type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    [method, url, body],
  );
}

async function publish(page, name) {
  const catalog = (await api(page, 'GET', '/api/catalog/seasons')).body;
  const contestants = catalog.seasons
    .find((s) => s.id === 's20')
    .contestants.slice(0, 3)
    .map((c) => ({ id: c.id, isSeason: false, seasonId: 's20' }));
  const res = await api(page, 'POST', '/api/lists', { name, description: 'For the care journey.', tags: [], contestants, isPublic: true });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

async function axeClean(page, where) {
  await settled(page);
  await injectAxe(page);
  const violations = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] }).then((r) => r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)),
  );
  assert.deepEqual(violations, [], `axe on ${where}`);
}

const BAD = 'You are all wrong about Parvati';

test('report, moderate, block, export and delete', async () => {
  const ann = await app.newPage({ width: 1280, height: 800 });
  const annUser = await signUp(ann, 'ann@example.com');
  const list = await publish(ann, 'Heroes Who Played Hard');
  const listPath = `/list/${annUser.id}/${list.id}`;

  const troll = await app.newPage({ width: 1280, height: 800 });
  const trollUser = await signUp(troll, 'troll@example.com');
  const bad = await api(troll, 'POST', `/api/lists/${annUser.id}/${list.id}/comments`, { text: BAD });
  assert.equal(bad.status, 201);

  // A fan reports the comment from the list page and stops seeing it at once.
  const fan = await app.newPage({ width: 390, height: 844 });
  const fanUser = await signUp(fan, 'fan@example.com');
  await api(fan, 'POST', `/api/lists/${annUser.id}/${list.id}/comments`, { text: 'Great list, Ann' });
  await fan.goto(listPath);
  const comment = fan.getByRole('article', { name: `Comment by ${trollUser.displayName}` });
  await comment.getByRole('button', { name: 'Report' }).click();
  const dialog = fan.getByRole('dialog', { name: 'Report this comment' });
  await dialog.getByRole('radio', { name: 'Harassment' }).check();
  await dialog.getByLabel('Anything to add? (optional)').fill('Picks on the list author');
  await axeClean(fan, 'the report dialog at 390');
  await screenshot(fan, 'care-report-dialog-390x844');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await fan.getByText("Thanks — our moderators will take a look. You won't see this comment again.").waitFor();
  assert.equal(await fan.getByText(BAD).count(), 0, 'the reporter still sees the comment');
  await fan.reload();
  await fan.getByText('Great list, Ann').waitFor();
  assert.equal(await fan.getByText(BAD).count(), 0, 'the reported comment came back on reload');

  // The operator makes a moderator; the moderator hides the comment from the queue.
  const mod = await app.newPage({ width: 1280, height: 800 });
  await signUp(mod, 'mod@example.com');
  const bin = process.env.CASTAWAY_BIN ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'castaway');
  const { stdout } = await promisify(execFile)(bin, ['users', 'grant-admin', 'mod@example.com'], { env: { ...process.env, CASTAWAY_DATA_DIR: app.dataDir } });
  assert.match(stdout, /may now moderate/);
  await mod.goto('/');
  await mod.getByRole('banner').getByRole('link', { name: 'Moderation' }).click();
  const card = mod.getByRole('article', { name: `Reported comment by ${trollUser.displayName}` });
  await card.getByText('Harassment × 1').waitFor();
  await card.getByText('Picks on the list author').waitFor();
  await axeClean(mod, '/moderation');
  await screenshot(mod, 'care-moderation-1280x800');
  await card.getByRole('button', { name: 'Hide' }).click();
  await mod.getByText('Nothing to review.').waitFor();
  await mod.getByRole('button', { name: 'Hidden' }).click();
  await mod.getByRole('article', { name: `Reported comment by ${trollUser.displayName}` }).getByRole('button', { name: 'Restore' }).waitFor();
  await mod.setViewportSize({ width: 390, height: 844 });
  await axeClean(mod, '/moderation at 390');
  await screenshot(mod, 'care-moderation-hidden-390x844');
  await mod.setViewportSize({ width: 1280, height: 800 });
  await mod.getByRole('button', { name: 'Actions log' }).click();
  await mod.getByText(BAD).waitFor();
  await screenshot(mod, 'care-moderation-log-1280x800');

  // Gone for a visitor and for the list's owner; its author sees it marked.
  const visitor = await app.newPage({ width: 1280, height: 800 });
  await visitor.goto(listPath);
  await visitor.getByText('Great list, Ann').waitFor();
  assert.equal(await visitor.getByText(BAD).count(), 0, 'a visitor sees the hidden comment');
  await ann.goto(listPath);
  await ann.getByText('Great list, Ann').waitFor();
  assert.equal(await ann.getByText(BAD).count(), 0, 'the list owner sees the hidden comment');
  await troll.goto(listPath);
  await troll.getByRole('article', { name: `Comment by ${trollUser.displayName}` }).getByText('Hidden by moderators').waitFor();

  // Ann blocks the troll from his page; he can no longer comment on her list.
  await ann.goto(`/rankings/user/${trollUser.id}`);
  await ann.getByRole('button', { name: 'Block', exact: true }).click();
  await ann.getByRole('dialog', { name: `Block ${trollUser.displayName}?` }).getByRole('button', { name: `Block ${trollUser.displayName}` }).click();
  await ann.getByRole('button', { name: `Unblock ${trollUser.displayName}` }).waitFor();
  await troll.reload();
  await troll.getByLabel('Add a comment').fill('Let me in');
  await troll.getByRole('button', { name: 'Post Comment' }).click();
  await troll.getByText('You cannot comment here.').waitFor();
  await ann.goto('/account');
  const blocked = ann.getByRole('region', { name: 'Blocked Users' });
  await blocked.getByRole('link', { name: trollUser.displayName }).waitFor();
  await blocked.scrollIntoViewIfNeeded();
  await axeClean(ann, '/account');
  await screenshot(ann, 'care-account-1280x800');

  // The fan downloads their data, then deletes the account and lands home signed out.
  await fan.goto('/account');
  const [download] = await Promise.all([fan.waitForEvent('download'), fan.getByRole('button', { name: 'Download my data' }).click()]);
  assert.equal(download.suggestedFilename(), 'castaway-export.json');
  const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(exported.profile.displayName, fanUser.displayName);
  assert.deepEqual(
    exported.comments.map((c) => c.text),
    ['Great list, Ann'],
  );
  assert.equal(exported.reports.length, 1);
  await fan.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = fan.getByRole('dialog', { name: 'Delete your account?' });
  await confirm.getByLabel(/Type your display name/).fill(fanUser.displayName);
  await confirm.getByLabel('Your Password', { exact: true }).fill(PASSWORD);
  await axeClean(fan, 'the delete dialog at 390');
  await screenshot(fan, 'care-delete-390x844');
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await fan.getByText('Your account and everything in it were deleted. Thanks for playing.').waitFor();
  assert.equal(new URL(fan.url()).pathname, '/');
  assert.equal((await api(fan, 'GET', '/api/me')).status, 401);
  await ann.goto(listPath);
  await ann.getByText('No comments yet. Be the first to weigh in.').waitFor(); // the troll's is hidden, the fan's gone
});
