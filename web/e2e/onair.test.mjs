// Journey: a moderator records a season as it airs. In /moderation's 'Seasons on air' tab a
// moderator adds Survivor 51 with 4 castaways (one a returning player), the server's refusal
// of a missing premiere showing beside that field with everything typed kept; records the
// first boot with the council's votes; sees a boot on a day before it refused with its
// message; and undoes the boot after a confirmation. A published season says it takes no
// records. Screenshots of the tab at 1280 and 390 (CASTAWAY_SHOTS, default e2e/screenshots).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { injectAxe, PASSWORD, settled, shotAt, signUp, startApp } from './harness.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});



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

async function openTab(page) {
  await page.goto('/moderation');
  await page.getByRole('button', { name: 'Seasons on air' }).click();
  return page.getByRole('region', { name: 'Seasons on air' });
}

/** Fills the cast row numbered n (1-based) of the new season's form. */
async function fillRow(form, n, { name, tribe, age, hometown, occupation }) {
  const row = form.getByRole('group', { name: `Castaway ${n}` });
  if (name) await row.getByLabel('Name').fill(name);
  await row.getByLabel('Tribe').fill(tribe);
  if (age) await row.getByLabel('Age').fill(String(age));
  if (hometown) await row.getByLabel('Hometown').fill(hometown);
  if (occupation) await row.getByLabel('Occupation').fill(occupation);
  return row;
}

test('a moderator adds a season on air, records a boot with its votes, and undoes it', async () => {
  const mod = await app.newPage({ width: 1280, height: 800 });
  await signUp(mod, 'mod@example.com');
  const bin = process.env.CASTAWAY_BIN ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'castaway');
  await promisify(execFile)(bin, ['users', 'grant-admin', 'mod@example.com'], { env: { ...process.env, CASTAWAY_DATA_DIR: app.dataDir } });

  const tab = await openTab(mod);
  await tab.getByText('Choose the season to record, or add the one that starts airing.').waitFor();

  // A published season takes no records, and says so.
  await tab.getByLabel('Season').selectOption('s20');
  await tab.getByText('Only a season added while it airs takes records: Survivor: Heroes vs. Villains is the game as published.').waitFor();
  assert.equal(await tab.getByRole('button', { name: 'Record the boot' }).count(), 0);

  // Add Survivor 51: a returning player picked from the catalog and three newcomers.
  await tab.getByRole('button', { name: 'Add a season' }).click();
  const form = tab.getByRole('form', { name: 'Add a season' });
  assert.equal(await form.getByLabel('Franchise').inputValue(), 'US');
  assert.equal(await form.getByLabel('Number').inputValue(), '51');
  await form.getByLabel('Season name').fill('Survivor 51');
  await form.getByLabel('Location').fill('Mamanuca Islands');
  await form.getByLabel('Country').fill('Fiji');
  await form.getByRole('button', { name: 'Add a castaway' }).click();
  await form.getByRole('button', { name: 'Add a castaway' }).click();
  const first = form.getByRole('group', { name: 'Castaway 1' });
  await first.getByRole('button', { name: 'Returning player…' }).click();
  const picker = mod.getByRole('dialog', { name: 'Returning player' });
  await picker.getByRole('searchbox', { name: 'Find a castaway by name' }).fill('parvati');
  await picker.getByRole('button', { name: /Parvati Shallow/ }).click();
  await picker.waitFor({ state: 'detached' });
  await first.getByText('Parvati Shallow').waitFor();
  await fillRow(form, 1, { tribe: 'Luzon', age: 42 });
  await fillRow(form, 2, { name: 'Jane Doe', tribe: 'Luzon', age: 30, hometown: 'Austin, Texas', occupation: 'Nurse' });
  await fillRow(form, 3, { name: 'Bob Roe', tribe: 'Tuku', occupation: 'Fisherman' });
  await fillRow(form, 4, { name: 'Ann Poe', tribe: 'Tuku' });

  // No premiere: the server's message beside the field, focus on it, and nothing typed lost.
  await form.getByRole('button', { name: 'Add the season' }).click();
  const premiere = form.getByLabel('Premiere');
  await form.getByText('Give the premiere as a date, like 2027-02-24.').waitFor();
  assert.equal(await premiere.getAttribute('aria-invalid'), 'true');
  assert.ok(await premiere.evaluate((el) => el === document.activeElement), 'focus is on the premiere');
  assert.equal(await form.getByRole('group', { name: 'Castaway 4' }).getByLabel('Name').inputValue(), 'Ann Poe');
  await axeClean(mod, 'the new season form at 1280');
  await shotAt(mod, 'onair-add-1280x800', form);

  await premiere.fill('2027-02-24');
  await form.getByRole('button', { name: 'Add the season' }).click();
  await tab.getByRole('status').filter({ hasText: 'Survivor 51 is added. Record its boots as it airs.' }).waitFor();
  await tab.getByRole('heading', { level: 2, name: 'Survivor 51' }).waitFor();
  assert.equal(await tab.getByLabel('Season').inputValue(), 's51', 'the catalog was read again and has the season');
  await tab.getByText('No boot is recorded yet.').waitFor();

  // A fan has the new season's page open (signed out, another browser): no boot yet.
  const fan = await app.newPage({ width: 1280, height: 800 });
  await fan.goto('/seasons/s51');
  await fan.getByRole('heading', { name: 'Where and when' }).waitFor();
  assert.equal(await fan.getByRole('button', { name: /Boot order/ }).count(), 0, 'no boot order before the first boot');
  const loads = await fan.evaluate(() => performance.getEntriesByType('navigation').length);

  // The first boot, with the votes at its council.
  const boot = tab.getByRole('form', { name: 'Record a boot' });
  assert.equal(await boot.getByLabel('Episode', { exact: true }).inputValue(), '1');
  assert.equal(await boot.getByLabel('How they left').inputValue(), '1st voted out');
  await boot.getByLabel('Episode title').fill('The Tide Turns');
  await boot.getByLabel('Air date').fill('2027-02-24');
  await boot.getByLabel('Day').fill('3');
  await boot.getByLabel('Who left').selectOption({ label: 'Jane Doe' });
  const luzon = boot.getByRole('group', { name: 'Luzon' });
  await luzon.getByLabel('Parvati Shallow').selectOption({ label: 'Jane Doe' });
  await luzon.getByLabel('Jane Doe').selectOption({ label: 'Parvati Shallow' });
  await boot.getByRole('button', { name: 'Record the boot' }).click();
  await tab.getByRole('status').filter({ hasText: 'Jane Doe is recorded: 1st voted out.' }).waitFor();
  // The fan's open page shows it without a reload: its stream said the game changed.
  const fanBoots = fan.getByRole('button', { name: /Boot order/ });
  await fanBoots.waitFor();
  await fanBoots.click();
  await fan.getByRole('region', { name: 'Boot order table' }).getByRole('row').filter({ hasText: 'Jane Doe' }).filter({ hasText: '1st voted out' }).waitFor();
  assert.equal(await fan.evaluate(() => performance.getEntriesByType('navigation').length), loads, 'the page was not reloaded');
  await fan.close();
  const order = tab.getByRole('region', { name: 'Boot order' });
  await order.getByRole('listitem').filter({ hasText: 'Jane Doe' }).filter({ hasText: 'Episode 1, day 3' }).filter({ hasText: 'Votes: Jane Doe 1, Parvati Shallow 1' }).waitFor();
  const game = await mod.evaluate(async () => (await fetch('/api/seasons/s51/game', { cache: 'no-cache' })).json());
  assert.deepEqual(
    game.councils[0].votes.map((v) => `${v.voter}>${v.target}`).sort(),
    ['jane-doe>parvati-shallow', 'parvati-shallow>jane-doe'],
  );

  // The next boot's form: prefilled for it, and refused for a day before the last boot's.
  assert.equal(await boot.getByLabel('How they left').inputValue(), '2nd voted out');
  assert.deepEqual(await boot.getByLabel('Who left').locator('option').allTextContents(), ['Choose a castaway', 'Ann Poe', 'Bob Roe', 'Parvati Shallow']);
  await boot.getByLabel('Day').fill('2');
  await boot.getByLabel('Who left').selectOption({ label: 'Bob Roe' });
  await boot.getByRole('button', { name: 'Record the boot' }).click();
  await boot.getByText('Give the day of the boot, from 3 to 100.').waitFor();
  assert.equal(await boot.getByLabel('Day').getAttribute('aria-invalid'), 'true');
  assert.equal(await boot.getByLabel('Who left').inputValue(), 'bob-roe', 'what was typed is kept');
  await axeClean(mod, 'the tab with a refused boot at 1280');
  await shotAt(mod, 'onair-tab-1280x800', tab.getByRole('heading', { name: 'Survivor 51' }));

  // The same season at 390, by keyboard: the undo's confirmation opens, and Escape closes it.
  const narrow = await app.newPage({ width: 390, height: 844 });
  await narrow.goto('/');
  await narrow.evaluate(
    ([email, password]) => fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) }),
    ['mod@example.com', PASSWORD],
  );
  const narrowTab = await openTab(narrow);
  await narrowTab.getByLabel('Season').selectOption('s51');
  await narrowTab.getByRole('form', { name: 'Record a boot' }).waitFor();
  await axeClean(narrow, 'the tab at 390');
  await shotAt(narrow, 'onair-tab-390x844', narrowTab.getByLabel('Season'));
  await shotAt(narrow, 'onair-boots-390x844', narrowTab.getByRole('group', { name: 'Votes' }));
  await narrowTab.getByRole('button', { name: 'Undo last boot' }).focus();
  await narrow.keyboard.press('Enter');
  const narrowDialog = narrow.getByRole('dialog', { name: 'Undo the last boot?' });
  await narrowDialog.getByText('Jane Doe goes back into the game, and the votes of that council are taken back.').waitFor();
  await shotAt(narrow, 'onair-undo-390x844');
  await narrow.keyboard.press('Escape');
  await narrowDialog.waitFor({ state: 'detached' });
  await narrowTab.getByRole('button', { name: 'Add a season' }).click();
  await narrowTab.getByRole('form', { name: 'Add a season' }).waitFor();
  await axeClean(narrow, 'the new season form at 390');
  await shotAt(narrow, 'onair-add-390x844', narrowTab.getByRole('group', { name: 'Castaway 1' }));

  // Undo the boot at 1280: Jane Doe is back in the game.
  await order.getByRole('button', { name: 'Undo last boot' }).click();
  const dialog = mod.getByRole('dialog', { name: 'Undo the last boot?' });
  await dialog.getByRole('button', { name: 'Undo last boot' }).click();
  await dialog.waitFor({ state: 'detached' });
  await tab.getByRole('status').filter({ hasText: 'Jane Doe is back in the game.' }).waitFor();
  await order.getByText('No boot is recorded yet.').waitFor();
  assert.equal(await boot.getByLabel('How they left').inputValue(), '1st voted out');
  assert.ok((await boot.getByLabel('Who left').locator('option').allTextContents()).includes('Jane Doe'));
});
