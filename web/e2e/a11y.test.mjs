// Journey: every page, signed out and in, owner and visitor, desktop and phone, checked with
// axe-core against WCAG 2.2 AA. Fails listing each violation (rule, impact, targets, summary).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { injectAxe, settled, startApp } from './harness.mjs';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PASSWORD = 'Tribal-Council-A11y-2025!';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

/** Runs axe on the page as it is now; returns its violations, each labelled with where it was seen. */
async function audit(page, where) {
  // Let lazy routes, queries and entrance transitions settle before judging colours.
  await page.waitForLoadState('networkidle').catch(() => {});
  await settled(page);
  await injectAxe(page);
  const violations = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((r) => r.violations),
    TAGS,
  );
  return violations.map((v) => ({
    where,
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary?.replace(/\s+/g, ' ').trim() })),
  }));
}

/** Tabs through the page; returns a violation for each focused control that shows no focus indicator. */
async function focusAudit(page, where, presses = 40) {
  await page.evaluate(() => document.activeElement?.blur());
  const missing = new Map();
  const reached = new Set();
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const r = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return { reached: null };
      const shown = (s) => s && s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
      const ok = shown(getComputedStyle(el)) || shown(getComputedStyle(el, '::after')) || shown(getComputedStyle(el, '::before'));
      const name = el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 40) || el.tagName;
      const id = `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''} "${name}"`;
      return { reached: id, missing: ok ? null : id };
    });
    if (r.reached) reached.add(r.reached);
    if (r.missing) missing.set(r.missing, true);
  }
  assert.ok(reached.size >= Math.min(5, presses), `${where}: Tab reached only ${reached.size} controls`);
  if (missing.size === 0) return [];
  return [{ where, id: 'focus-visible', impact: 'serious', help: 'Keyboard focus must be visible (WCAG 2.4.7)', nodes: [...missing.keys()].map((t) => ({ target: t, summary: 'no outline on :focus-visible' })) }];
}

function report(violations) {
  return violations
    .map(
      (v) =>
        `[${v.where}] ${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 6)
          .map((n) => `    - ${n.target}\n      ${n.summary}`)
          .concat(v.nodes.length > 6 ? [`    ... and ${v.nodes.length - 6} more like it`] : [])
          .join('\n'),
    )
    .join('\n');
}

/** Same-origin fetch from inside the page, so the session cookie lands in this browser context. */
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

async function signUp(page, email) {
  if (page.url() === 'about:blank') await page.goto('/rankings');
  return api(page, 'POST', '/api/auth/signup', { email, password: PASSWORD });
}

async function publish(page, name, ids, tags) {
  return api(page, 'POST', '/api/lists', {
    name,
    description: `${name}, ranked for the accessibility journey.`,
    tags,
    isPublic: true,
    contestants: ids.map((id) => ({ id, isSeason: false })),
  });
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`${label} ${viewport.width}x${viewport.height}: no WCAG 2.2 AA violations`, async () => {
    const found = [];
    const at = (where) => `${label} ${where}`;

    // Signed out.
    const guest = await app.newPage(viewport);
    await guest.goto('/');
    const guestPanel = guest.getByRole('complementary', { name: 'Seasons' });
    // A phone's panel starts hidden: audit it shown.
    if (label === 'phone') await guestPanel.getByRole('button', { name: 'Show seasons' }).click();
    await guestPanel.getByRole('list', { name: 'All seasons' }).waitFor();
    found.push(...(await audit(guest, at('/ signed out'))));
    found.push(...(await focusAudit(guest, at('/ signed out, keyboard'))));
    if (label === 'phone') {
      await guest.getByRole('button', { name: 'Menu' }).click();
      await guest.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
      found.push(...(await audit(guest, at('/ phone menu open'))));
    }

    await guest.goto('/login');
    await guest.getByRole('heading', { level: 1, name: 'Sign In Required' }).waitFor();
    const email = guest.getByRole('button', { name: 'Sign in with Email' });
    if ((await email.getAttribute('aria-expanded')) !== 'true') await email.click();
    await guest.getByRole('tab', { name: 'Sign In' }).waitFor();
    found.push(...(await audit(guest, at('/login sign-in tab'))));
    await guest.getByRole('tab', { name: 'Sign Up' }).click();
    await guest.getByLabel('Confirm Password', { exact: true }).waitFor();
    found.push(...(await audit(guest, at('/login sign-up tab'))));
    found.push(...(await focusAudit(guest, at('/login, keyboard'), 15)));
    await guest.context().close();

    // The owner publishes two lists and comments on one.
    const owner = await app.newPage(viewport);
    const me = await signUp(owner, `owner-${label}@example.com`);
    const userId = me.user?.id ?? me.id;
    const list = await publish(owner, 'Queens of the Game', ['parvati-shallow', 'sandra-diaz-twine', 'kim-spradlin'], ['strategic']);
    await publish(owner, 'Social Butterflies', ['parvati-shallow', 'rob-mariano'], ['social']);
    await api(owner, 'POST', `/api/lists/${list.userId}/${list.id}/comments`, { text: 'Parvati belongs at the top.' });

    // A visitor comments too, so the owner has an unread notification.
    const visitor = await app.newPage(viewport);
    await signUp(visitor, `visitor-${label}@example.com`);
    await api(visitor, 'POST', `/api/lists/${list.userId}/${list.id}/comments`, { text: 'Sandra won twice, though!' });

    await visitor.goto('/rankings');
    await visitor.getByRole('article', { name: 'Queens of the Game' }).first().waitFor();
    found.push(...(await audit(visitor, at('/rankings with results'))));

    await visitor.goto(`/list/${list.userId}/${list.id}`);
    await visitor.getByRole('heading', { name: 'Comments (2)' }).waitFor();
    found.push(...(await audit(visitor, at('list page (visitor)'))));

    await visitor.goto(`/rankings/user/${userId}`);
    await visitor.getByRole('link', { name: 'Social Butterflies' }).first().waitFor();
    found.push(...(await audit(visitor, at('/rankings/user/{id}'))));
    await visitor.context().close();

    await owner.goto(`/list/${list.userId}/${list.id}`);
    await owner.getByRole('heading', { name: 'Comments (2)' }).waitFor();
    await owner.getByRole('button', { name: 'Edit List' }).or(owner.getByRole('button', { name: 'Edit My List' })).first().waitFor();
    found.push(...(await audit(owner, at('list page (owner)'))));
    found.push(...(await focusAudit(owner, at('list page (owner), keyboard'), 30)));

    await owner.goto('/mylists');
    await owner.getByRole('link', { name: 'Queens of the Game' }).waitFor();
    found.push(...(await audit(owner, at('/mylists'))));

    await owner.goto('/account');
    await owner.getByRole('button', { name: 'Change Password' }).waitFor();
    await owner.getByText('This device').waitFor();
    found.push(...(await audit(owner, at('/account'))));

    // The community rankings and the legacy record.
    await owner.goto('/seasons');
    await owner.getByRole('heading', { level: 1 }).first().waitFor();
    await owner.waitForLoadState('networkidle');
    found.push(...(await audit(owner, at('/seasons'))));
    await owner.goto('/seasons/s20');
    await owner.getByRole('heading', { level: 1 }).first().waitFor();
    await owner.waitForLoadState('networkidle');
    found.push(...(await audit(owner, at('/seasons/s20'))));
    await owner.goto('/castaways/parvati-shallow');
    await owner.getByRole('heading', { level: 1, name: 'Parvati Shallow' }).waitFor();
    await owner.waitForLoadState('networkidle');
    found.push(...(await audit(owner, at('/castaways/{id}'))));
    await owner.goto('/legacy');
    await owner.getByRole('heading', { level: 1 }).first().waitFor();
    await owner.waitForLoadState('networkidle');
    found.push(...(await audit(owner, at('/legacy'))));

    const inbox = owner.getByRole('banner').getByRole('button', { name: /^Inbox/ });
    await inbox.click();
    await owner.getByRole('region', { name: 'Notifications' }).getByText(/commented/).first().waitFor();
    found.push(...(await audit(owner, at('Inbox open'))));
    await owner.keyboard.press('Escape');

    await owner.goto('/create');
    const panel = owner.getByRole('complementary', { name: 'Seasons' });
    await owner.getByRole('button', { name: 'Save List' }).waitFor();
    if (label === 'phone') await owner.getByRole('button', { name: 'Add contestants or seasons' }).click();
    await panel.getByText('Click contestants to add them to your ranking list or drag them for precise positioning.').waitFor();
    await panel.getByRole('button', { name: /^Borneo, Season 1$/ }).click();
    await panel.getByRole('button', { name: 'Add Richard Hatch' }).click();
    if (label === 'phone') {
      await owner.waitForFunction(() => document.body.dataset.createPage === undefined);
      await settled(owner);
      await owner.getByRole('button', { name: 'Add contestants or seasons' }).click();
    }
    await panel.getByRole('button', { name: 'Add Rudy Boesch' }).click();
    await owner.getByRole('list', { name: 'Ranked items' }).locator(':scope > li').nth(1).waitFor();
    found.push(...(await audit(owner, at('/create with items'))));
    found.push(...(await focusAudit(owner, at('/create with items, keyboard'), 30)));

    // The global vote: the overview, the ballot (edit mode, no ballot yet) and the results.
    await owner.goto('/global-rankings');
    await owner.getByRole('link', { name: 'Survivor 48 Global Rankings' }).waitFor();
    found.push(...(await audit(owner, at('/global-rankings'))));
    await owner.goto('/global-rankings/season-48');
    await owner.getByRole('heading', { level: 2, name: 'Vote for Your Top 10' }).waitFor();
    if (label === 'phone') await owner.getByRole('button', { name: 'Add castaways' }).click();
    await panel.getByRole('button', { name: /^48, Season 48$/ }).click();
    await panel.getByRole('button', { name: 'Add Kyle Fraser' }).click();
    if (label === 'phone') {
      await owner.waitForFunction(() => document.body.dataset.createPage === undefined);
      await settled(owner);
    }
    await owner.getByRole('button', { name: 'Move Kyle Fraser, position 1' }).waitFor();
    found.push(...(await audit(owner, at('/global-rankings/season-48 ballot'))));
    found.push(...(await focusAudit(owner, at('/global-rankings/season-48 ballot, keyboard'), 30)));
    await owner.getByRole('button', { name: 'Submit My Ranking' }).click();
    await owner.getByRole('heading', { level: 2, name: 'Global Top 10 Results' }).waitFor();
    await owner.getByRole('list', { name: 'Global Top 10' }).waitFor();
    found.push(...(await audit(owner, at('/global-rankings/season-48 results'))));
    await owner.context().close();

    // The same public pages signed out, now that they have lists, comments and votes.
    const stranger = await app.newPage(viewport);
    for (const [where, path, ready] of [
      ['/rankings', '/rankings', (p) => p.getByRole('article', { name: 'Queens of the Game' }).first()],
      ['list page', `/list/${list.userId}/${list.id}`, (p) => p.getByRole('heading', { name: 'Comments (2)' })],
      ['/rankings/user/{id}', `/rankings/user/${userId}`, (p) => p.getByRole('link', { name: 'Social Butterflies' }).first()],
      ['/global-rankings', '/global-rankings', (p) => p.getByRole('link', { name: 'Survivor 48 Global Rankings' })],
      ['/global-rankings/season-48', '/global-rankings/season-48', (p) => p.getByRole('list', { name: 'Global Top 10' })],
      ['/seasons', '/seasons', (p) => p.getByRole('heading', { level: 1 }).first()],
      ['/seasons/s20', '/seasons/s20', (p) => p.getByRole('heading', { level: 1 }).first()],
      ['/legacy', '/legacy', (p) => p.getByRole('heading', { level: 1 }).first()],
      ['/login reset form', '/login?reset=made-up-token', (p) => p.getByRole('heading', { level: 1, name: 'Sign In Required' })],
    ]) {
      await stranger.goto(path);
      await ready(stranger).waitFor();
      found.push(...(await audit(stranger, at(`${where} signed out`))));
    }
    await stranger.context().close();

    assert.equal(found.length, 0, `axe found ${found.length} WCAG 2.2 AA violation(s):\n${report(found)}`);
  });
}
