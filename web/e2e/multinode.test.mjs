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
import { screenshot, startApp, until } from './harness.mjs';

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

test('two servers on one PostgreSQL database: a season added and a boot recorded on one show on the other', async (t) => {
  if (!baseURL) {
    t.skip('CASTAWAY_TEST_POSTGRES_URL is not set (or CASTAWAY_E2E_URL is): the two-server journey needs PostgreSQL');
    return;
  }
  const [one, two] = apps;
  // A moderator on server 2.
  const mod = await two.newPage();
  await signUp(mod, 'mod@example.com');
  const bin = process.env.CASTAWAY_BIN ?? new URL('../../bin/castaway', import.meta.url).pathname;
  await run(bin, ['users', 'grant-admin', 'mod@example.com'], { env: { ...process.env, CASTAWAY_DATABASE_URL: schemaURL() } });
  const call = (page, method, url, body) =>
    page.evaluate(
      async ([method, url, body]) => {
        const res = await fetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        return { status: res.status, body: await res.text() };
      },
      [method, url, body],
    );

  // Server 1 has never heard of UK 4 until server 2 adds it: then it serves it, no restart.
  const fan = await one.newPage();
  await fan.goto('/rankings');
  const gameStatus = () => fan.evaluate(async () => (await fetch('/api/seasons/uk4/game')).status);
  assert.equal(await gameStatus(), 404);
  const added = await call(mod, 'POST', '/api/moderation/seasons', {
    franchise: 'UK', number: 4, name: 'Survivor UK 4', premiere: '2027-02-01',
    cast: [{ name: 'Ann Oak', tribe: 'Ash' }, { name: 'Ben Elm', tribe: 'Ash' }, { name: 'Cat Yew', tribe: 'Fir' }],
  });
  assert.equal(added.status, 201, added.body);
  await until(async () => (await gameStatus()) === 200, 'server 1 serves the season server 2 added');

  // The fan opens it on server 1 (its app read the catalog before the season was added, and
  // reads it again for a season it lacks); the boot recorded on server 2 reaches the open
  // page live. Server 1 builds the game again on the event: seconds on a busy machine.
  await fan.goto('/seasons/uk4');
  await fan.getByRole('heading', { name: 'Where and when' }).waitFor();
  assert.equal(await fan.getByRole('button', { name: /Boot order/ }).count(), 0, 'no boot order before the first boot');
  const loads = await fan.evaluate(() => performance.getEntriesByType('navigation').length);
  const boot = await call(mod, 'POST', '/api/moderation/seasons/uk4/boots', {
    episode: 1, day: 3, castaway: 'uk-ann-oak', result: '1st voted out',
    votes: [{ voter: 'uk-ben-elm', target: 'uk-ann-oak' }, { voter: 'uk-cat-yew', target: 'uk-ann-oak' }],
  });
  assert.equal(boot.status, 201, boot.body);
  const boots = fan.getByRole('button', { name: /Boot order/ });
  await boots.waitFor({ timeout: 30_000 });
  await boots.click();
  await fan.getByRole('region', { name: 'Boot order table' }).getByRole('row').filter({ hasText: 'Ann Oak' }).filter({ hasText: '1st voted out' }).waitFor();
  assert.equal(await fan.evaluate(() => performance.getEntriesByType('navigation').length), loads, 'the page was not reloaded');
});
