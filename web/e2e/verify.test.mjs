// Verified addresses in the browser: the sign-up's verification mail reaches the outbox and
// its link verifies (the banner goes), and a pre-hijacked account is taken back by the
// fan whose address Google proves (the attacker's password and session stop working).
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeProviders } from './fakeProviders.mjs';
import { PASSWORD, screenshot, signUp, startApp } from './harness.mjs';

let app;
let fakes;

before(async () => {
  fakes = await startFakeProviders();
  app = await startApp({ env: fakes.env });
});

after(async () => {
  await app?.stop();
  await fakes?.stop();
});

/** The link of the first mail to `to` in the outbox that has one like `pattern`; the worker delivers it in a moment. */
async function mailedLink(to, pattern) {
  const dir = path.join(app.dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    for (const f of (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.eml')).sort()) {
      const raw = await readFile(path.join(dir, f), 'utf8');
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
      const link = text.match(pattern);
      if (text.includes(`To: <${to}>`) && link) {
        assert.match(raw, /multipart\/alternative/, 'the mail has a plain-text and an HTML part');
        return new URL(link[0]);
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} with ${pattern} in ${dir}`);
}

const verifyLink = /https?:\/\/[^\s"<>]+\/login\?verify=[A-Za-z0-9_-]+/;

test('sign up: a quiet banner until the mailed link is opened', async () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const page = await app.newPage(viewport);
    const email = `fan${viewport.width}@example.com`;
    await signUp(page, email);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Confirm your email address' });
    await banner.getByText(email).waitFor();
    await screenshot(page, `verify-banner-${viewport.width}`);

    // 'Resend' answers with the server's sentence.
    await banner.getByRole('button', { name: 'Resend' }).click();
    await banner.getByText('Verification email sent. Check your inbox for the link.').waitFor();

    const link = await mailedLink(email, verifyLink);
    await page.goto(link.pathname + link.search);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your email address is verified. Thank you!').waitFor();
    await banner.waitFor({ state: 'detached' });
    await screenshot(page, `verify-done-${viewport.width}`);

    // The link worked once.
    await page.goto(link.pathname + link.search);
    await page.getByRole('alert').filter({ hasText: 'This verification link has already been used.' }).waitFor();
    await page.context().close();
  }
});

test("pre-hijack: the victim's Google sign-in takes the account back from whoever planted a password", async () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const victimEmail = `victim${viewport.width}@gmail.com`;
    // The attacker signs up first with the victim's address and keeps a session open.
    const attacker = await app.newPage(viewport);
    await signUp(attacker, victimEmail);
    await attacker.goto('/account');
    await attacker.getByRole('heading', { level: 1, name: 'Your Account' }).waitFor();

    // The victim arrives through Google, which proves the address.
    await fakes.setUser('google', { sub: `g-victim-${viewport.width}`, email: victimEmail, emailVerified: true, name: 'Real Victim' });
    const victim = await app.newPage(viewport);
    await victim.goto('/login');
    await victim.getByRole('link', { name: 'Sign in with Google' }).click();
    await victim.waitForURL((url) => url.pathname === '/');
    const notice = victim.getByRole('region', { name: 'About your account' });
    await notice.getByText(/password someone had set on this account was removed/).waitFor();
    assert.equal(await victim.getByRole('region', { name: 'Confirm your email address' }).count(), 0, 'Google proved the address');
    await screenshot(victim, `prehijack-notice-${viewport.width}`);

    // The attacker's session is gone, and their password opens nothing.
    await attacker.reload();
    await attacker.getByRole('heading', { level: 1, name: 'Sign In Required' }).waitFor();
    await attacker.getByLabel('Email', { exact: true }).fill(victimEmail);
    await attacker.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await attacker.getByRole('button', { name: 'Sign In', exact: true }).click();
    await attacker.getByRole('alert').filter({ hasText: 'Incorrect password. Please try again.' }).waitFor();

    // The victim sets a password of their own; the notice goes.
    await notice.getByRole('link', { name: 'Set a password' }).click();
    await victim.waitForURL('**/account');
    const change = victim.getByRole('region', { name: 'Change Password' });
    await change.getByLabel('New Password', { exact: true }).fill('victims-own-secret-77');
    await change.getByLabel('Confirm Password', { exact: true }).fill('victims-own-secret-77');
    await change.getByRole('button', { name: 'Change Password' }).click();
    await victim.getByText('Your password was changed. Your other devices were signed out.').waitFor();
    await notice.waitFor({ state: 'detached' });
    await attacker.context().close();
    await victim.context().close();
  }
});
