// Journey: moving between pages. Every route of the app (read from AppRoutes.tsx, so a page
// added later is visited too) opens at its top and names itself in the tab, even when the
// page before was scrolled far down; a castaway opened from deep in a list opens at their name
// and Back returns to the same place in the list; right after signing up, the verification
// banner is in view. At 1280 and 390 wide.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { PASSWORD, screenshot, signUp, startApp, until } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SITE = 'Survivor Rankings';
const titled = (name) => `${name} — ${SITE}`;

/** Every route pattern of the app ('/', '/list/:userId/:listId', '*', ...), as AppRoutes.tsx declares them. */
function appRoutes() {
  const source = readFileSync(path.join(here, '..', 'src', 'app', 'AppRoutes.tsx'), 'utf8');
  const table = source.slice(source.indexOf('export function AppRoutes'));
  const routes = [...table.matchAll(/<Route\s+(?:index\b|path="([^"]+)")/g)].map((m) => (m[1] === undefined ? '/' : m[1] === '*' ? '*' : `/${m[1]}`));
  assert.ok(routes.length > 10, `only ${routes.length} routes read from AppRoutes.tsx: has its shape changed?`);
  return routes;
}

let app;
let fan; // the signed-in fan (a moderator): { id, displayName }
let long; // a ranked list of the whole Heroes vs. Villains cast, each with a note: a long page
let short; // a short ranked list
let tiers; // a tier list
let poll; // a global ranking poll
let cast; // Heroes vs. Villains' cast: [{ id, name }]

/** Publishes a list through the API from the signed-in page; returns it. */
async function publish(page, body) {
  const res = await page.evaluate(async (b) => {
    const r = await fetch('/api/lists', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
    return { status: r.status, body: await r.json() };
  }, body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

before(async () => {
  app = await startApp();
  const page = await app.newPage();
  fan = await signUp(page, 'navigator@example.com');
  const bin = process.env.CASTAWAY_BIN ?? path.resolve(here, '..', '..', 'bin', 'castaway');
  await promisify(execFile)(bin, ['users', 'grant-admin', 'navigator@example.com'], { env: { ...process.env, CASTAWAY_DATA_DIR: app.dataDir } });
  const catalog = await page.evaluate(async () => (await fetch('/api/catalog/seasons')).json());
  cast = catalog.seasons.find((s) => s.id === 's20').contestants.map((c) => ({ id: c.id, name: c.name }));
  const entry = (c) => ({ id: c.id, isSeason: false, seasonId: 's20' });
  long = await publish(page, {
    name: 'Sorted HvV',
    contestants: cast.map((c, i) => ({ ...entry(c), note: `Number ${i + 1} of the season: ${'a long story of strategy, blindsides and alliances. '.repeat(3)}` })),
  });
  short = await publish(page, { name: 'Queens of the game', contestants: cast.slice(1, 3).map(entry) });
  tiers = await publish(page, {
    name: 'HvV in tiers',
    format: 'tiers',
    tiers: [
      { label: 'S', color: 'red', contestants: cast.slice(0, 3).map(entry) },
      { label: 'A', color: 'orange', contestants: cast.slice(3, 8).map(entry) },
    ],
  });
  poll = (await page.evaluate(async () => (await fetch('/api/global-rankings')).json())).polls[0];
  assert.ok(poll, 'a global ranking poll to visit');
  await page.context().close();
});

after(async () => {
  await app?.stop();
});

/**
 * The places each route is visited at, with the title the page must show there. A route
 * missing here fails the journey: a new page must say where to visit it and what it is called.
 */
function visits() {
  const listTitle = (l) => `${l.name} — a Survivor ranking by ${fan.displayName}`;
  const parvati = cast.find((c) => c.id === 'parvati-shallow');
  return {
    '/': [['/', SITE]],
    '/feed': [['/feed', titled('From Fans You Follow')]],
    '/login': [['/login', titled('Sign In'), { signedOut: true }]],
    '/mylists': [['/mylists', titled('My Lists')]],
    '/account': [['/account', titled('Your Account')]],
    '/rankings': [['/rankings', titled('Browse Rankings')]],
    '/rankings/user/:userId': [[`/rankings/user/${fan.id}`, titled(`Rankings by ${fan.displayName}`)]],
    '/list/:userId/:listId': [
      [`/list/${fan.id}/${short.id}`, listTitle(short)],
      [`/list/${fan.id}/${tiers.id}`, listTitle(tiers)],
    ],
    '/create': [['/create', titled('Create Ranking')]],
    '/global-rankings': [['/global-rankings', titled('Global Rankings')]],
    '/global-rankings/:listId': [[`/global-rankings/${poll.id}`, titled(poll.title)]],
    '/seasons': [['/seasons', titled('The Seasons')]],
    '/seasons/:seasonId': [['/seasons/s20', titled('Heroes vs. Villains')]],
    '/castaways/:contestantId': [[`/castaways/${parvati.id}`, `${parvati.name} — Survivor castaway rankings`]],
    '/legacy': [['/legacy', titled('Legacy Rankings')]],
    '/moderation': [['/moderation', titled('Moderation')]],
    // An unknown address leads home.
    '*': [['/no/such/page', SITE]],
  };
}

/**
 * Goes to url inside the app, without loading the page again: a new history entry of the
 * router's shape, announced by popstate as Back and Forward are (any route, no link needed).
 */
async function goInApp(page, to) {
  await page.evaluate((url) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (window.history.state?.idx ?? 0) + 1 }, '', url);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, to);
}

/** The title the server writes into the page's HTML on a first load. */
function serverTitle(page, url) {
  return page.evaluate(async (u) => new DOMParser().parseFromString(await (await fetch(u)).text(), 'text/html').title, url);
}

const longTitle = () => `${long.name} — a Survivor ranking by ${fan.displayName}`;

/**
 * Keeps every page of this tab at least as tall as it is now. A page that arrives short (its
 * code or data still loading) makes the browser clamp a scroll position kept from the page
 * before to the top; a fan whose page has both at hand sees it kept. This sees it kept always.
 */
async function keepTall(page) {
  await page.evaluate(() => (document.documentElement.style.minHeight = `${document.documentElement.scrollHeight}px`));
}

/** Opens the long list inside the app and scrolls it far down; returns how far. */
async function scrolledDownTheLongList(page) {
  await goInApp(page, `/list/${fan.id}/${long.id}`);
  await page.getByRole('heading', { level: 1, name: long.name }).waitFor();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const y = await page.evaluate(() => window.scrollY);
  assert.ok(y > 600, `the list page scrolls far down (${y} px)`);
  await keepTall(page);
  return y;
}

/**
 * Waits until the tab says title; false when it does not within the page's own bound (a
 * route's code may still be loading on a busy machine, as any wait for an element allows).
 */
function titleBecomes(page, title) {
  return page.waitForFunction((t) => document.title === t, title).then(
    () => true,
    () => false,
  );
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`${label}: every page opens at its top and names itself in the tab`, async () => {
    const table = visits();
    const routes = appRoutes();
    const missing = routes.filter((r) => !table[r]);
    assert.deepEqual(missing, [], 'every route has its visits in this journey');

    const signedIn = await app.newPage(viewport);
    await signedIn.goto('/'); // signUp's cookie lives in another context: sign in here
    const login = await signedIn.evaluate(
      async ([email, password]) =>
        (await fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })).status,
      ['navigator@example.com', PASSWORD],
    );
    assert.equal(login, 200);
    await signedIn.reload();
    await signedIn.getByRole('button', { name: 'Sign Out', includeHidden: true }).waitFor({ state: 'attached' });
    const signedOut = await app.newPage(viewport);
    await signedOut.goto('/');

    // Every visit is made, and what is wrong is told for all of them at once.
    const wrong = [];
    let visited = 0;
    for (const route of routes) {
      for (const [url, title, { signedOut: out = false } = {}] of table[route]) {
        const page = out ? signedOut : signedIn;
        const from = await scrolledDownTheLongList(page);
        assert.notEqual(title, longTitle(), "the title to wait for is not the page before's");
        await goInApp(page, url);
        if (!(await titleBecomes(page, title))) wrong.push(`${url}: the tab says "${await page.title()}", not "${title}"`);
        await page.locator('main h1').first().waitFor();
        const y = await page.evaluate(() => window.scrollY);
        if (y !== 0) wrong.push(`${url}: opens ${y} px down (the page before was ${from} px down), not at its top`);
        // Where the server names the page on a first load, the app names it the same.
        const first = await serverTitle(page, url);
        if (first !== SITE && first !== title) wrong.push(`${url}: the first load's title is "${first}", the app's "${title}"`);
        visited++;
      }
    }
    assert.equal(visited, Object.values(table).flat().length, 'every visit of the table is to a route of the app');
    assert.deepEqual(wrong, []);
    await signedIn.context().close();
    await signedOut.context().close();
  });

  test(`${label}: a castaway from deep in a list opens at their name; Back returns to the same place`, async () => {
    const page = await app.newPage(viewport);
    await page.goto(`/list/${fan.id}/${long.id}`);
    await page.getByRole('heading', { level: 1, name: long.name }).waitFor();
    // The page as it stays: its comments load once near the screen, and their placeholder is taller.
    // Scrolled to the end until they show: the page can still grow below while it settles.
    const noComments = page.getByText('No comments yet. Be the first to weigh in.');
    await until(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return noComments.isVisible();
    }, 'the comments load at the foot of the list');
    // An entry far down, though not the last: the page's very bottom would be where any position past it lands.
    const deep = cast[cast.length - 4];
    const entry = page.getByRole('link', { name: deep.name, exact: true });
    await entry.evaluate((link) => link.scrollIntoView({ block: 'center' }));
    const before = await page.evaluate(() => window.scrollY);
    const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    assert.ok(before > 600 && before < bottom, `the entry is far down the list, above its bottom (${before} of ${bottom} px)`);
    await entry.click();

    await page.waitForURL(`**/castaways/${deep.id}`);
    const name = page.getByRole('heading', { level: 1, name: deep.name });
    await name.waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0, "the castaway's page opens at its top");
    assert.ok(await titleBecomes(page, `${deep.name} — Survivor castaway rankings`), `the tab names the castaway, not "${await page.title()}"`);
    const box = await name.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `their name is in view (at ${box.y} px)`);
    await screenshot(page, `navigation-castaway-${viewport.width}`);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: long.name }).waitFor();
    assert.ok(await titleBecomes(page, longTitle()), `the tab names the list again, not "${await page.title()}"`);
    await page
      .waitForFunction((y) => Math.abs(window.scrollY - y) <= 1, before, { timeout: 5000 })
      .catch(async () => assert.fail(`Back returns to ${before} px down the list, not ${await page.evaluate(() => window.scrollY)} px`));
    await screenshot(page, `navigation-back-${viewport.width}`);
    await page.context().close();
  });

  test(`${label}: right after signing up, the verification banner is in view`, async () => {
    const page = await app.newPage(viewport);
    const email = `newfan${viewport.width}@example.com`;
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    const submit = page.getByRole('button', { name: 'Sign Up', exact: true });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const from = await page.evaluate(() => window.scrollY);
    if (viewport.width < 600) assert.ok(from > 200, `the phone's sign-in form is scrolled down (${from} px)`);
    await keepTall(page);
    await submit.click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: SITE }).waitFor();
    const banner = page.getByRole('region', { name: 'Confirm your email address' });
    await banner.getByText(email).waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0, `home opens at its top (the form was ${from} px down)`);
    assert.ok(await titleBecomes(page, SITE), `the tab names home, not "${await page.title()}"`);
    const box = await banner.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `the banner is in view (at ${box.y} px)`);
    await screenshot(page, `navigation-signed-up-${viewport.width}`);
    await page.context().close();
  });
}
