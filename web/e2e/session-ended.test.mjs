// Journey (issue 60, item 3): a fan's session is ended from another device while they are
// typing a comment. Their next action (an upvote) puts the page in its signed-out state, says
// why once, and signing in again brings them back to the list with their words still there.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PASSWORD, screenshot, signIn, signUp, startApp, until } from './harness.mjs';

const ENDED = 'You were signed out on another device.';

let app;
let listPath;

before(async () => {
  app = await startApp();
  // Someone else's list, for the fan to upvote and comment on.
  const author = await app.newPage();
  await signUp(author, 'author@example.com');
  const list = await author.evaluate(async () => {
    const r = await fetch('/api/lists', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Heroes vs Villains, ranked', contestants: [{ id: 'parvati-shallow', isSeason: false }, { id: 'sandra-diaz-twine', isSeason: false }] }),
    });
    return { status: r.status, body: await r.json() };
  });
  assert.equal(list.status, 201, JSON.stringify(list.body));
  listPath = `/list/${list.body.userId}/${list.body.id}`;
  await author.context().close();
});

after(async () => {
  await app?.stop();
});

/** The header's navigation, opened first on a phone (its menu folds it away). */
async function siteNav(page, phone) {
  const nav = page.locator('#site-nav');
  if (phone && !(await nav.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
  await nav.waitFor();
  return nav;
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  const phone = width < 600;
  test(`at ${width} px: a session ended elsewhere signs the page out at its next action, says why once, and keeps the comment`, async () => {
    const email = `fan${width}@example.com`;
    const comment = `Parvati at number one, and I will not be taking questions (${width}).`;
    const here = await app.newPage({ width, height }, phone ? { isMobile: true, hasTouch: true } : {});
    const elsewhere = await app.newPage({ width: 1280, height: 800 });
    await signUp(here, email);

    // Signed in here, the fan starts a comment on the list and does not post it yet.
    await here.goto(listPath);
    await here.getByRole('heading', { level: 1, name: 'Heroes vs Villains, ranked' }).waitFor();
    if (!phone) await here.getByText('Welcome,').waitFor();
    const box = here.getByRole('textbox', { name: 'Add a comment' });
    await box.fill(comment);

    // On another device the fan signs out of every other session, this browser's among them.
    await signIn(elsewhere, email);
    await elsewhere.goto('/account');
    await elsewhere.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    await elsewhere.getByRole('status').filter({ hasText: 'Signed out of 1 other session.' }).waitFor();

    // Here the page still shows the fan until its next action, an upvote, hears otherwise.
    await here.getByRole('button', { name: /^Upvote, \d+ votes?$/ }).click();
    const banner = here.getByRole('region', { name: 'Signed out' });
    await banner.getByRole('alert').filter({ hasText: ENDED }).waitFor();
    assert.equal(await here.getByText(ENDED).count(), 1, 'the ending is said once');
    assert.equal(await here.getByText('Welcome,').count(), 0, 'no welcome for a signed-out page');
    assert.equal(await here.getByRole('button', { name: 'Sign Out' }).count(), 0);
    assert.equal(await here.getByRole('textbox', { name: 'Add a comment' }).count(), 0, 'the comment box is for the signed in');
    await here.evaluate(() => window.scrollTo(0, 0));
    await screenshot(here, `session-ended-${width}x${height}`);
    const nav = await siteNav(here, phone);
    await nav.getByRole('link', { name: 'Login' }).waitFor();
    if (phone) await here.getByRole('button', { name: 'Menu' }).click();

    // Sign in again, by keyboard: back on the list, with the words where they were.
    const again = banner.getByRole('link', { name: 'Sign in again' });
    await again.focus();
    await here.keyboard.press('Enter');
    await here.waitForURL('**/login');
    await here.getByLabel('Email', { exact: true }).fill(email);
    await here.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await here.getByRole('button', { name: 'Sign In', exact: true }).click();
    await here.waitForURL(`**${listPath}`);
    const kept = here.getByRole('textbox', { name: 'Add a comment' });
    await kept.waitFor();
    assert.equal(await kept.inputValue(), comment);
    assert.equal(await here.getByText(ENDED).count(), 0, 'signed in again, the notice is done with');
    await kept.scrollIntoViewIfNeeded();
    await screenshot(here, `session-ended-back-${width}x${height}`);

    // Posted, the words are no longer kept: a reload shows an empty box.
    await here.getByRole('button', { name: 'Post Comment' }).click();
    await here.getByText(comment).waitFor();
    await until(async () => (await kept.inputValue()) === '', 'the posted comment leaves the box');
    await here.reload();
    await here.getByRole('textbox', { name: 'Add a comment' }).waitFor();
    assert.equal(await here.getByRole('textbox', { name: 'Add a comment' }).inputValue(), '');

    await here.context().close();
    await elsewhere.context().close();
  });
}
