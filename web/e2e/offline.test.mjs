// Journey: installable and offline. The manifest and the service worker are served as
// browsers need them and Chromium finds the app installable; a list seen before opens with
// the network gone, under the offline banner, and a write there says it needs a connection;
// a fan's private list is never kept for offline use, what was kept is gone once another
// account signs in, and once the fan signs out everywhere from another device the next person
// offline finds neither their name nor their private list, only public pages; a page never
// opened says, offline, that it was not saved, and leads back; a new release is offered as a
// reload. Runs the real binary on a fresh database.
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { after, before, test } from 'node:test';
import { PASSWORD, screenshot, signUp, startApp, until } from './harness.mjs';

const OFFLINE = "You're offline. Showing what you've seen before.";
const OFFLINE_WRITE = "You're offline: this needs a connection.";
const OFFLINE_UNSAVED = "You're offline, and this page was not saved for reading offline.";
const UPDATE = 'A new version of Survivor Rankings is ready.';
const READS = 'castaway-reads';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

/** Calls the API from the page (same origin, so the session cookie goes along). */
async function api(page, method, path, body) {
  const res = await page.evaluate(
    async ([m, p, b]) => {
      const r = await fetch(p, { method: m, headers: { 'Content-Type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    [method, path, body],
  );
  assert.ok(res.status >= 200 && res.status < 300, `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function createList(page, name, isPublic) {
  return api(page, 'POST', '/api/lists', {
    name,
    description: 'Kept for the offline journey.',
    tags: [],
    isPublic,
    contestants: [
      { id: 'richard-hatch', isSeason: false },
      { id: 'rudy-boesch', isSeason: false },
    ],
  });
}

/** Waits until the service worker controls the page (it claims open pages when it first activates). */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

/** Whether the service worker's reads cache holds the answer for path. */
function cached(page, path) {
  return page.evaluate(async ([name, p]) => Boolean(await (await caches.open(name)).match(p)), [READS, path]);
}

/** Every URL any of the page's caches holds. */
function cachedURLs(page) {
  return page.evaluate(async () => {
    const urls = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
}

test('the manifest and the service worker are served as browsers need, and Chromium finds the app installable', async () => {
  const manifest = await fetch(`${app.baseURL}/manifest.webmanifest`);
  assert.equal(manifest.status, 200);
  assert.equal(manifest.headers.get('content-type'), 'application/manifest+json');
  const m = await manifest.json();
  assert.equal(m.name, 'Survivor Rankings');
  assert.equal(m.display, 'standalone');
  assert.equal(m.start_url, '/');
  assert.equal(m.theme_color, '#0b1f17');
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]) {
    const icon = m.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    assert.ok(icon, `an icon ${sizes} ${purpose}`);
    const res = await fetch(`${app.baseURL}${icon.src}`);
    assert.equal(res.headers.get('content-type'), 'image/png', icon.src);
  }
  const sw = await fetch(`${app.baseURL}/sw.js`);
  assert.equal(sw.status, 200);
  assert.match(sw.headers.get('content-type'), /^text\/javascript/);
  assert.equal(sw.headers.get('cache-control'), 'no-cache');

  // A profile of its own: Chromium never offers to install from an incognito window, which
  // every other journey's context is.
  const profile = await mkdtemp(path.join(tmpdir(), 'castaway-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    baseURL: app.baseURL,
  });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const { errors } = await cdp.send('Page.getAppManifest');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`at ${width}: a list seen before opens offline under the offline banner, and a write there needs a connection`, async () => {
    const author = await app.newPage({ width, height });
    const me = await signUp(author, `author${width}@example.com`);
    const list = await createList(author, `Island Legends ${width}`, true);
    await author.context().close();

    const page = await app.newPage({ width, height });
    await signUp(page, `reader${width}@example.com`);
    const path = `/list/${me.id}/${list.id}`;
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: list.name }).waitFor();
    // The first visit installs the worker; from then on what the page reads is kept.
    await controlled(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: list.name }).waitFor();
    await until(() => cached(page, `/api/lists/${me.id}/${list.id}`), 'the list is kept');

    // The connection drops while reading: the banner says so, and a write says what it needs.
    await page.context().setOffline(true);
    await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
    await page.getByRole('button', { name: /^Upvote, \d+ votes?$/ }).click();
    await page.getByRole('alert').filter({ hasText: OFFLINE_WRITE }).waitFor();

    // Opened again with no network at all, the list is there from the last visit.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: list.name }).waitFor();
    await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
    await page.getByRole('main').getByText('Richard Hatch').first().waitFor();
    // The fan is still the fan: the header's My Lists is theirs, not the sign-in page.
    await page.locator('#site-nav a[href="/mylists"]').waitFor({ state: 'attached' });
    await screenshot(page, `offline-list-${width}`);

    // Back online, the banner goes.
    await page.context().setOffline(false);
    await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor({ state: 'detached' }).catch(async () => {
      assert.equal(await page.getByText(OFFLINE).count(), 0);
    });
    assert.equal(await page.getByText(OFFLINE).count(), 0);
    await page.context().close();
  });
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`at ${width}: a list never opened says, offline, that it was not saved for reading offline, and Go Back leads back`, async () => {
    const page = await app.newPage({ width, height });
    await signUp(page, `unsaved${width}@example.com`);
    const seen = await createList(page, `Opened Before ${width}`, true);
    await page.goto(`/list/${seen.userId}/${seen.id}`);
    await controlled(page);
    // A second list, never opened here: home links to it, the worker kept nothing of it.
    const unseen = await createList(page, `Never Opened ${width}`, true);
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Recently Created Lists' }).getByRole('link', { name: unseen.name });
    await card.waitFor();
    assert.equal(await cached(page, `/api/lists/${unseen.userId}/${unseen.id}`), false);

    await page.context().setOffline(true);
    await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
    await card.click();
    await page.waitForURL(new RegExp(`/list/${unseen.userId}/${unseen.id}$`));
    const alert = page.getByRole('alert').filter({ hasText: OFFLINE_UNSAVED });
    // Said as a sentence, not in display capitals (innerText shows what text-transform makes of it).
    assert.equal(await alert.getByRole('heading', { level: 1 }).innerText(), OFFLINE_UNSAVED);
    await screenshot(page, `offline-unsaved-${width}`);

    await alert.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('region', { name: 'Recently Created Lists' }).getByRole('link', { name: unseen.name }).waitFor();
    await page.context().close();
  });
}

test("another account signing in on the same browser never sees the first one's kept answers", async () => {
  const page = await app.newPage();
  const anna = await signUp(page, 'anna.private@example.com');
  const secret = await createList(page, 'Secret Alliance', false);
  const shown = await createList(page, 'Open Alliance', true);
  const apiPath = `/api/lists/${anna.id}/${secret.id}`;
  const shownPath = `/api/lists/${anna.id}/${shown.id}`;
  await page.goto(`/list/${anna.id}/${secret.id}`);
  await controlled(page);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Secret Alliance' }).waitFor();
  await page.goto(`/list/${anna.id}/${shown.id}`);
  await page.getByRole('heading', { level: 1, name: 'Open Alliance' }).waitFor();
  await until(() => cached(page, shownPath), 'the public list is kept');
  // Her private list and personal answers are never kept, for anyone.
  assert.equal(await cached(page, apiPath), false);
  assert.ok(!(await cachedURLs(page)).some((u) => u === '/api/me' || u.startsWith('/api/me/') || u.startsWith('/api/notifications')));

  // Anna signs out; Bea signs in on the same browser.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL(/\/login$/);
  await until(async () => !(await cached(page, shownPath)), 'the kept lists are dropped');
  const status = await page.evaluate(
    async ([email, password]) =>
      (await fetch('/api/auth/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })).status,
    ['bea@example.com', PASSWORD],
  );
  assert.equal(status, 201);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).waitFor();

  // Offline, Anna's private list is not there for Bea: the page cannot load it.
  await page.context().setOffline(true);
  await page.goto(`/list/${anna.id}/${secret.id}`);
  await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
  await page.getByRole('alert').waitFor();
  assert.equal(await page.getByText('Secret Alliance').count(), 0);
  assert.equal(await cached(page, apiPath), false);
  assert.ok(!(await cachedURLs(page)).some((u) => u === '/api/me' || u.startsWith('/api/me/')));
  await page.context().close();
});

test('signed out everywhere from another device, a fan leaves nothing private readable offline; public pages stay readable', async () => {
  const page = await app.newPage();
  const context = page.context();
  const ada = await signUp(page, 'ada.away@example.com');
  const secret = await createList(page, 'Hidden Immunity Plans', false);
  const shown = await createList(page, 'Fire Making Greats', true);
  const secretAPI = `/api/lists/${ada.id}/${secret.id}`;
  const shownAPI = `/api/lists/${ada.id}/${shown.id}`;
  await page.goto('/');
  await controlled(page);
  await page.getByRole('banner').getByText(ada.displayName).waitFor();
  // Ada reads her private list, then her public one: only what every visitor sees of them is kept.
  await page.goto(`/list/${ada.id}/${secret.id}`);
  await page.getByRole('heading', { level: 1, name: secret.name }).waitFor();
  await page.goto(`/list/${ada.id}/${shown.id}`);
  await page.getByRole('heading', { level: 1, name: shown.name }).waitFor();
  await until(() => cached(page, shownAPI), 'the public list is kept');
  assert.equal(await cached(page, secretAPI), false);
  assert.ok(!(await cachedURLs(page)).some((u) => u === '/api/me' || u.startsWith('/api/me/') || u.startsWith('/api/notifications')));
  await page.close();

  // From another device, Ada signs out everywhere else.
  const phone = await app.newPage({ width: 390, height: 844 });
  await phone.goto('/');
  const ended = await phone.evaluate(
    async ([email, password]) => {
      const login = await fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
      if (login.status !== 200) return `sign in: ${login.status}`;
      return (await fetch('/api/me/sessions/end-others', { method: 'POST' })).status;
    },
    ['ada.away@example.com', PASSWORD],
  );
  assert.ok(ended === 200 || ended === 204, `end other sessions: ${ended}`);
  await phone.context().close();

  // The next person opens that browser with no network: neither Ada's name nor her private list.
  await context.setOffline(true);
  const next = await context.newPage();
  next.setDefaultTimeout(10_000);
  await next.goto('/');
  await next.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
  await next.locator('#site-nav a[href="/mylists"]').waitFor({ state: 'attached' });
  assert.equal(await next.getByText(/Welcome,/).count(), 0);
  assert.ok(!(await next.getByRole('banner').innerText()).includes(ada.displayName), 'the header names nobody');
  assert.ok(!(await next.evaluate(() => JSON.stringify({ ...localStorage }))).includes(ada.displayName), 'storage names nobody');
  await next.goto(`/list/${ada.id}/${secret.id}`);
  await next.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
  await next.getByRole('alert').waitFor();
  assert.equal(await next.getByText(secret.name).count(), 0);
  assert.equal(await cached(next, secretAPI), false);

  // What every visitor may read stays readable offline.
  await next.goto(`/list/${ada.id}/${shown.id}`);
  await next.getByRole('heading', { level: 1, name: shown.name }).waitFor();
  await next.getByRole('main').getByText('Richard Hatch').first().waitFor();
  await screenshot(next, 'offline-after-remote-sign-out');
  await context.close();
});

/**
 * A proxy in front of the app that, once `release()` is called, serves the service worker with
 * one byte more: to the browser, a new version of the app has been deployed.
 */
async function releasingProxy(target) {
  let released = false;
  const server = http.createServer((req, res) => {
    // The worker uncompressed and whole (never a 304), so a byte can be added to it.
    const headers = { ...req.headers };
    if (req.url === '/sw.js') {
      headers['accept-encoding'] = 'identity';
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const upstream = http.request(`${target}${req.url}`, { method: req.method, headers }, (up) => {
      if (released && req.url === '/sw.js') {
        const chunks = [];
        up.on('data', (c) => chunks.push(c));
        up.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from('\n// the next release\n')]);
          const headers = { ...up.headers, 'content-length': String(body.length) };
          delete headers.etag;
          res.writeHead(up.statusCode ?? 200, headers);
          res.end(body);
        });
        return;
      }
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    release: () => (released = true),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`at ${width}: a new release is offered as a reload, which brings it in`, async () => {
    const proxy = await releasingProxy(app.baseURL);
    const context = await app.browser.newContext({ viewport: { width, height }, baseURL: proxy.url });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto('/rankings');
      await controlled(page);

      proxy.release();
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
      const notice = page.getByRole('region', { name: 'Update' });
      await notice.getByRole('status').filter({ hasText: UPDATE }).waitFor({ timeout: 20_000 });
      await screenshot(page, `update-prompt-${width}`);

      await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Reload' }).click()]);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert.equal(await notice.count(), 0);
      // The new worker now controls the reloaded page, and none waits.
      assert.equal(await page.evaluate(() => navigator.serviceWorker.controller !== null), true);
      assert.equal(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.waiting === null)), true);
    } finally {
      await context.close();
      await proxy.close();
    }
  });
}
