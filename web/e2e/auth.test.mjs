// Journey: accounts against the real server: email sign-up, sign-out, sign-in, wrong password,
// password reset through the mail outbox, renaming, and Google and Twitter sign-in through the
// back end's fake providers.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startFakeProviders } from './fakeProviders.mjs';
import { screenshot, startApp } from './harness.mjs';

let app;
let fakes;

const email = 'ann@example.com';
const password = 'island-torch-2024';
const newPassword = 'tribal-council-99';

before(async () => {
  fakes = await startFakeProviders();
  app = await startApp({ env: fakes.env });
});

after(async () => {
  await app?.stop();
  await fakes?.stop();
});

/**
 * The newest mail in the server's outbox (no SMTP server is configured here) that matches
 * `pattern`, as text. Mail is delivered off the request path, so it may take a moment.
 */
async function latestMail(pattern) {
  const dir = path.join(app.dataDir, 'outbox');
  for (let i = 0; i < 50; i++) {
    const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.eml')).sort().reverse();
    for (const f of files) {
      const raw = await readFile(path.join(dir, f), 'utf8');
      // Undo quoted-printable soft breaks and escapes, in case the mail uses them.
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
      if (pattern.test(text)) return text;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail matching ${pattern} in ${dir}`);
}

async function welcome(page) {
  return (await page.getByText(/^Welcome,/).textContent()).replace(/\s+/g, ' ').trim();
}

async function signOut(page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign In Required' }).waitFor();
  await page.waitForURL('**/login');
  await page.getByRole('link', { name: 'Login' }).waitFor();
}

async function fillEmailForm(page, { mail, pass, confirm }) {
  await page.getByLabel('Email', { exact: true }).fill(mail);
  await page.getByLabel('Password', { exact: true }).fill(pass);
  if (confirm !== undefined) await page.getByLabel('Confirm Password', { exact: true }).fill(confirm);
}

test('email: sign up, rename, sign out, wrong password, reset by mail, sign in again', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });

  // Signed out, /mylists sends the visitor to /login.
  await page.goto('/mylists');
  await page.getByRole('heading', { level: 1, name: 'Sign In Required' }).waitFor();
  assert.match(page.url(), /\/login$/);
  await page.getByRole('link', { name: 'Sign in with Google' }).waitFor();
  await screenshot(page, 'login-1280x800');

  // Sign up, with one mismatched confirmation first.
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByText('Password requirements').waitFor();
  await fillEmailForm(page, { mail: email, pass: password, confirm: password + 'x' });
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Passwords do not match.' }).waitFor();
  await screenshot(page, 'login-signup-error-1280x800');
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  // Signed in and back where they were going.
  await page.waitForURL('**/mylists');
  await page.getByText(/^Welcome,/).waitFor();
  assert.equal(await welcome(page), 'Welcome, ann');

  // Rename through the editor on My Lists: the header follows at once.
  await page.getByRole('button', { name: 'Change Username' }).click();
  const nameInput = page.getByRole('textbox', { name: 'Username' });
  await nameInput.fill('Annie Torch');
  await nameInput.press('Enter');
  await page.getByText('Username updated successfully!').waitFor();
  assert.equal(await welcome(page), 'Welcome, Annie Torch');
  await screenshot(page, 'mylists-renamed-1280x800');

  // Sign out, then sign in with the wrong password and with an unknown address.
  await signOut(page);
  await fillEmailForm(page, { mail: email, pass: 'not-my-password' });
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Incorrect password. Please try again.' }).waitFor();
  await fillEmailForm(page, { mail: 'nobody@example.com', pass: 'whatever-123' });
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'No account found with this email. Please sign up.' }).waitFor();

  // Forgot Password?: empty email first, then the real address.
  await page.getByLabel('Email', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await page.getByRole('alert').filter({ hasText: 'Please enter your email address to reset your password.' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await page.getByRole('status').filter({ hasText: 'Password reset email sent. Check your inbox for instructions.' }).waitFor();

  // The mail's link opens 'Choose a new password'.
  const mail = await latestMail(/\/login\?reset=/);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/login\?reset=[A-Za-z0-9_-]+/);
  assert.ok(link, `a reset link in the mail:\n${mail}`);
  const resetURL = new URL(link[0]);
  await page.goto(resetURL.pathname + resetURL.search);
  const form = page.getByRole('region', { name: 'Choose a new password' });
  await form.waitFor();
  await form.getByRole('listitem').first().waitFor();
  await screenshot(page, 'login-reset-1280x800');
  await form.getByLabel('New Password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await form.getByRole('button', { name: 'Set New Password' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByText(/^Welcome,/).waitFor();
  assert.equal(await welcome(page), 'Welcome, Annie Torch');

  // The old password no longer works; the new one does.
  await signOut(page);
  await fillEmailForm(page, { mail: email, pass: password });
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Incorrect password. Please try again.' }).waitFor();
  await fillEmailForm(page, { mail: email, pass: newPassword });
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  assert.equal(await welcome(page), 'Welcome, Annie Torch');

  // Signed in, /login goes home.
  await page.goto('/login');
  await page.waitForURL((url) => url.pathname === '/');
  await page.context().close();
});

test('phone: the login screen works at 390px', async () => {
  const page = await app.newPage({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByRole('heading', { level: 1, name: 'Sign In Required' }).waitFor();
  await page.getByRole('link', { name: 'Sign in with Twitter' }).waitFor();
  await screenshot(page, 'login-390x844');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByText('Password requirements').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px too wide)`);
  await screenshot(page, 'login-signup-390x844');
  await page.context().close();
});

test('Google and Twitter: sign in through the providers and land where you were going', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });

  await page.goto('/create');
  await page.getByRole('heading', { level: 1, name: 'Sign In Required' }).waitFor();
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await page.waitForURL('**/create');
  await page.getByText(/^Welcome,/).waitFor();
  assert.match(await welcome(page), /^Welcome, \S/);
  await signOut(page);

  await fakes.setUser('twitter', { sub: 'tw-42', name: 'Boston Rob', username: 'bostonrob' });
  await page.goto('/mylists');
  await page.getByRole('heading', { level: 1, name: 'Sign In Required' }).waitFor();
  await page.getByRole('link', { name: 'Sign in with Twitter' }).click();
  await page.waitForURL('**/mylists');
  await page.getByText(/^Welcome,/).waitFor();
  assert.match(await welcome(page), /^Welcome, \S/);
  await signOut(page);
  await page.context().close();
});

test('provider failures: Twitter explains, Google only logs', async () => {
  const page = await app.newPage({ width: 1280, height: 800 });

  // A Google account that did not prove the email of an email-and-password account.
  await fakes.setUser('google', { sub: 'g-ann', name: 'Ann on Google', email, emailVerified: false });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await page.waitForURL('**/login?error=account_exists');
  await page.getByRole('alert').filter({ hasText: 'An account already exists with this email using a different sign-in method...' }).waitFor();
  await screenshot(page, 'login-account-exists-1280x800');

  await fakes.deny('twitter');
  await page.getByRole('link', { name: 'Sign in with Twitter' }).click();
  await page.waitForURL('**/login?error=twitter_failed');
  await page.getByRole('alert').filter({ hasText: 'Twitter sign-in failed. Please try again or use a different method.' }).waitFor();

  await fakes.deny('google');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await page.waitForURL('**/login?error=google_failed');
  await page.getByRole('link', { name: 'Sign in with Google' }).waitFor();
  assert.equal(await page.getByRole('alert').count(), 0, 'a Google failure is only logged');
  assert.equal(await page.getByRole('link', { name: 'Login' }).count(), 1);
  await page.context().close();
});
