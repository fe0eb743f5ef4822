// Journey: a moderator stops an account. An admin finds a fan in /moderation's Users tab and
// suspends them with a reason and an end date: the fan's open page loses its session, signing
// in is refused with the end date, and the fan's list is gone for a visitor; restoring brings
// the list back and the fan signs in again. Screenshots of the tab and the dialog at 1280 and
// 390 (CASTAWAY_SHOTS, default e2e/screenshots).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { injectAxe, PASSWORD, screenshotDir, settled, signUp, startApp } from './harness.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

const shots = process.env.CASTAWAY_SHOTS ?? screenshotDir;

async function shot(page, name) {
  await mkdir(shots, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

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

async function axeClean(page, where) {
  // From the top: wherever focus scrolled the page, a target half under the sticky header
  // would count as too small (axe target-size), whatever the page. Scrolled back after.
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  await injectAxe(page);
  const violations = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] }).then((r) => r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)),
  );
  await page.evaluate((y) => window.scrollTo(0, y), scrolled);
  assert.deepEqual(violations, [], `axe on ${where}`);
}

/** Opens the Users tab on page, finds the account by what, and opens it. */
async function openAccount(page, what, name) {
  await page.goto('/moderation');
  await page.getByRole('button', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Find an account by name or email' }).fill(what);
  await page.getByRole('list', { name: 'Accounts' }).getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

const LIST = 'Zyzzogeton Heroes';

test('suspend a fan from the Users tab, and restore them', async () => {
  const fan = await app.newPage({ width: 390, height: 844 });
  const fanUser = await signUp(fan, 'fan@example.com');
  const catalog = (await api(fan, 'GET', '/api/catalog/seasons')).body;
  const contestants = catalog.seasons.find((s) => s.id === 's20').contestants.slice(0, 3).map((c) => ({ id: c.id, isSeason: false, seasonId: 's20' }));
  const made = await api(fan, 'POST', '/api/lists', { name: LIST, description: 'Suspend journey.', tags: [], contestants, isPublic: true });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const listPath = `/list/${fanUser.id}/${made.body.id}`;

  const visitor = await app.newPage({ width: 1280, height: 800 });
  const seen = async () => {
    const browse = await api(visitor, 'GET', '/api/lists?q=zyzzogeton');
    const page = await api(visitor, 'GET', `/api/lists/${fanUser.id}/${made.body.id}`);
    return `${browse.body.lists.length} found, list ${page.status}`;
  };
  await visitor.goto('/');
  assert.equal(await seen(), '1 found, list 200');

  const mod = await app.newPage({ width: 1280, height: 800 });
  await signUp(mod, 'mod@example.com');
  const bin = process.env.CASTAWAY_BIN ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'castaway');
  await promisify(execFile)(bin, ['users', 'grant-admin', 'mod@example.com'], { env: { ...process.env, CASTAWAY_DATA_DIR: app.dataDir } });

  await openAccount(mod, 'FAN', fanUser.displayName);
  await axeClean(mod, 'the Users tab at 1280');
  await shot(mod, 'suspend-users-tab-1280x800');
  await mod.getByRole('button', { name: 'Suspend…' }).click();
  const dialog = mod.getByRole('dialog', { name: `Suspend ${fanUser.displayName}?` });
  await dialog.getByLabel(/^Reason/).fill('Spam in every thread');
  await dialog.getByLabel(/^Until/).fill('2099-12-03');
  await axeClean(mod, 'the suspend dialog at 1280');
  await shot(mod, 'suspend-dialog-1280x800');

  // The same at 390, by keyboard: the dialog opens and closes with Escape.
  const narrow = await app.newPage({ width: 390, height: 844 });
  await narrow.goto('/');
  await api(narrow, 'POST', '/api/auth/login', { email: 'mod@example.com', password: PASSWORD });
  await openAccount(narrow, 'fan@example.com', fanUser.displayName);
  await axeClean(narrow, 'the Users tab at 390');
  await shot(narrow, 'suspend-users-tab-390x844');
  await narrow.getByRole('button', { name: 'Suspend…' }).focus();
  await narrow.keyboard.press('Enter');
  const narrowDialog = narrow.getByRole('dialog', { name: `Suspend ${fanUser.displayName}?` });
  await narrowDialog.waitFor();
  await narrow.keyboard.type('Harassment');
  await axeClean(narrow, 'the suspend dialog at 390');
  await shot(narrow, 'suspend-dialog-390x844');
  await narrow.keyboard.press('Escape');
  await narrowDialog.waitFor({ state: 'detached' });

  // Confirm at 1280: the account shows as suspended.
  await dialog.getByRole('button', { name: 'Suspend account' }).click();
  await mod.getByRole('button', { name: 'Restore account' }).waitFor();
  await mod.getByText('Suspended until 3 December 2099').first().waitFor();
  await mod.getByRole('article', { name: fanUser.displayName }).getByText(/suspended the account of/).waitFor();
  await axeClean(mod, 'a suspended account at 1280');
  await shot(mod, 'suspend-account-suspended-1280x800');

  // The fan is signed out and refused, with the end date.
  await fan.goto('/mylists');
  await fan.waitForURL('**/login');
  await fan.getByLabel('Email', { exact: true }).fill('fan@example.com');
  await fan.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await fan.getByRole('button', { name: 'Sign In', exact: true }).click();
  await fan.getByRole('alert').filter({ hasText: 'Your account is suspended until 3 December 2099.' }).waitFor();
  await shot(fan, 'suspend-refused-390x844');

  // The fan's list is gone for a visitor, and so is their page.
  assert.equal(await seen(), '0 found, list 404');
  await visitor.goto(`/rankings/user/${fanUser.id}`);
  await visitor.getByRole('heading', { level: 1, name: 'Account suspended' }).waitFor();
  await visitor.goto(listPath);
  await visitor.getByText('No lists found for this user').first().waitFor();

  // Restored: the list is back and the fan signs in.
  await mod.getByRole('button', { name: 'Restore account' }).click();
  await mod.getByRole('button', { name: 'Suspend…' }).waitFor();
  assert.equal(await seen(), '1 found, list 200');
  await fan.getByRole('button', { name: 'Sign In', exact: true }).click();
  await fan.waitForURL((url) => url.pathname !== '/login');

  // Both actions are in the log.
  await mod.getByRole('button', { name: 'Actions log' }).click();
  const log = mod.getByRole('region', { name: 'Actions log' });
  await log.getByText(/suspended the account of/).waitFor();
  await log.getByText(/restored the account of/).waitFor();
});
