// Journey: one fan signed in on two browsers; the computer sees both sessions on /account and
// ends the phone's, and the phone is signed out on its next action.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { screenshot, signIn, signUp, startApp } from './harness.mjs';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

/** Brings the sessions section into view for a screenshot. */
async function showSessions(page) {
  const section = page.getByRole('region', { name: "Where you're signed in" });
  await section.getByText('This device').waitFor();
  await section.scrollIntoViewIfNeeded();
  await page.evaluate(() => document.activeElement?.blur());
  return section;
}

test('a fan ends the session of another browser, which is signed out on its next action', async () => {
  const computer = await app.newPage({ width: 1280, height: 800 }, { userAgent: WINDOWS });
  const phone = await app.newPage({ width: 390, height: 844 }, { userAgent: ANDROID, isMobile: true, hasTouch: true });
  await signUp(computer, 'fan@example.com');
  await signIn(phone, 'fan@example.com');

  // The phone sees both sessions, its own marked.
  await phone.goto('/account');
  let section = await showSessions(phone);
  const phoneRows = section.getByRole('listitem');
  await phoneRows.nth(1).waitFor();
  assert.equal(await phoneRows.count(), 2);
  const own = phoneRows.filter({ hasText: 'This device' });
  assert.match(await own.textContent(), /Chrome on Android/);
  assert.match(await own.textContent(), /Phone · 127\.0\.0\.x · active now/);
  await screenshot(phone, 'account-sessions-390x844');

  // The computer sees the same two, and ends the phone's.
  await computer.goto('/account');
  section = await showSessions(computer);
  assert.match(await section.getByRole('listitem').filter({ hasText: 'This device' }).textContent(), /Firefox on Windows/);
  await screenshot(computer, 'account-sessions-1280x800');
  await section.getByRole('button', { name: 'Sign out Chrome on Android at 127.0.0.x' }).click();
  await section.getByRole('status').filter({ hasText: 'Signed out Chrome on Android.' }).waitFor();
  await section.getByRole('listitem').filter({ hasText: 'This device' }).waitFor();
  assert.equal(await section.getByRole('listitem').count(), 1);
  assert.equal(await section.getByRole('button', { name: 'Sign out of all other sessions' }).count(), 0);

  // The phone still shows its page; its next action finds it signed out.
  await phone.getByRole('button', { name: 'Sign out of all other sessions' }).click();
  await phone.getByRole('heading', { level: 1, name: 'Sign In Required' }).waitFor();
  await phone.waitForURL('**/login');

  // The computer is still signed in.
  await computer.reload();
  await showSessions(computer);
});
