// Journey: two server processes share one PostgreSQL database. Anna signs up and keeps the home
// page open on server 1; Bob signs up on server 2 and upvotes and comments on Anna's list there;
// Anna's inbox lights up live without a reload (the event travels through LISTEN/NOTIFY).
// Needs CASTAWAY_TEST_POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:5432/test?sslmode=disable);
// skipped without it. Each run works in a fresh schema, dropped at the end.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { screenshot, startApp } from './harness.mjs';

const run = promisify(execFile);
const PASSWORD = 'Tribal-Council-2024!';
// Attached to one running server (CASTAWAY_E2E_URL) there are not two nodes to test.
const baseURL = process.env.CASTAWAY_E2E_URL ? undefined : process.env.CASTAWAY_TEST_POSTGRES_URL;
const schema = `e2e_${randomBytes(6).toString('hex')}`;
let schemaCreated = false;
const apps = [];

async function psql(sql) {
  await run('psql', [baseURL, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql]);
}

/** The base URL with search_path set to the test schema (pgx passes it on as a runtime parameter). */
function schemaURL() {
  const u = new URL(baseURL);
  u.searchParams.set('search_path', schema);
  return u.toString();
}

before(async () => {
  if (!baseURL) return;
  await psql(`CREATE SCHEMA ${schema}`);
  schemaCreated = true;
  // One after the other: the first runs the migrations, the second finds them done.
  apps.push(await startApp({ databaseURL: schemaURL() }));
  apps.push(await startApp({ databaseURL: schemaURL() }));
});

after(async () => {
  await Promise.all(apps.map((a) => a.stop()));
  if (schemaCreated) await psql(`DROP SCHEMA ${schema} CASCADE`);
});

/** Signs up through the API from inside the page, so the session cookie lands in this context. */
async function signUp(page, email) {
  await page.goto('/rankings');
  const status = await page.evaluate(
    async (body) => {
      const res = await fetch('/api/auth/signup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { email, password: PASSWORD },
  );
  assert.ok(status === 200 || status === 201, `sign up ${email}: ${status}`);
}

const inboxButton = (page) => page.getByRole('banner').getByRole('button', { name: /^Inbox/ });

test('two servers on one PostgreSQL database: the inbox updates live across nodes', async (t) => {
  if (!baseURL) {
    t.skip(
      process.env.CASTAWAY_E2E_URL
        ? 'CASTAWAY_E2E_URL is set: the two-server journey starts its own servers'
        : 'CASTAWAY_TEST_POSTGRES_URL is not set: the two-server journey needs PostgreSQL',
    );
    return;
  }
  const [one, two] = apps;
  assert.notEqual(one.baseURL, two.baseURL);

  // Anna on server 1, with the home page (and its inbox) open.
  const anna = await one.newPage();
  await signUp(anna, 'anna@example.com');
  const list = await anna.evaluate(async () => {
    const res = await fetch('/api/lists', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Queens of the Game',
        contestants: [{ id: 'parvati-shallow', isSeason: false }],
        isPublic: true,
      }),
    });
    if (res.status !== 201) throw new Error(`create list: ${res.status} ${await res.text()}`);
    return res.json();
  });
  // Every inbox request Anna's page makes from here on: the live stream should be the only one.
  const inboxRequests = [];
  anna.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/api/notifications')) inboxRequests.push(pathname);
  });
  await anna.goto('/');
  await inboxButton(anna).waitFor();
  assert.equal(await inboxButton(anna).getAttribute('aria-label'), 'Inbox');
  // A marker that a reload or navigation would wipe out.
  await anna.evaluate(() => {
    window.__sameDocument = true;
  });
  const annaURL = anna.url();
  const inboxRequestsBefore = inboxRequests.length;

  // Bob on server 2: the list written through server 1 is there.
  const bob = await two.newPage();
  await signUp(bob, 'bob@example.com');
  await bob.goto(`/list/${list.userId}/${list.id}`);
  await bob.getByRole('heading', { name: 'Queens of the Game' }).waitFor();

  // Upvote on server 2: Anna's badge on server 1 updates without a reload.
  await bob.getByRole('button', { name: 'Upvote, 0 votes' }).click();
  await bob.getByRole('button', { name: 'Upvote, 1 vote' }).waitFor();
  await anna.getByRole('button', { name: 'Inbox, 1 unread' }).waitFor();

  // Comment on server 2: the second notification arrives live too.
  await bob.getByRole('textbox', { name: 'Add a comment' }).fill('Parvati on two servers at once');
  await bob.getByRole('button', { name: 'Post Comment' }).click();
  await bob.getByRole('article', { name: 'Comment by bob' }).getByText('Parvati on two servers at once', { exact: true }).waitFor();
  await anna.getByRole('button', { name: 'Inbox, 2 unread' }).waitFor();
  // Both changes came over the stream server 1 opened before Bob acted: no polling, no reconnect.
  assert.ok(inboxRequests.slice(0, inboxRequestsBefore).includes('/api/notifications/stream'), inboxRequests.join(', '));
  assert.deepEqual(inboxRequests.slice(inboxRequestsBefore), [], 'no inbox requests while Bob acted');

  await inboxButton(anna).click();
  const panel = anna.getByRole('region', { name: 'Notifications' });
  await panel.getByText('bob upvoted your list').waitFor();
  await panel.getByText(/^bob commented: "/).waitFor();
  assert.equal(anna.url(), annaURL);
  assert.equal(await anna.evaluate(() => window.__sameDocument), true, 'Anna never reloaded the page');
  await screenshot(anna, 'multinode-inbox-1280x800');
});
