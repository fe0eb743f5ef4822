// Journey: two fans, two browsers. A publishes a list; B finds it through search and filters,
// upvotes, favorites and comments; A sees each notification arrive live and replies; B sees the
// reply arrive live and lands on it. Runs the real binary on a fresh database.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { screenshot, startApp } from './harness.mjs';

const PASSWORD = 'Tribal-Council-2024!';
let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

/** Signs up (or in) through the API from inside the page, so the session cookie lands in this context. */
async function signIn(page, email, { signUp = true } = {}) {
  if (page.url() === 'about:blank') await page.goto('/rankings');
  const status = await page.evaluate(
    async ([path, body]) => {
      const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return res.status;
    },
    [signUp ? '/api/auth/signup' : '/api/auth/login', { email, password: PASSWORD }],
  );
  assert.ok(status === 200 || status === 201, `sign ${signUp ? 'up' : 'in'} ${email}: ${status}`);
}

/** Publishes a list through the API; returns it. */
async function publish(page, { name, tags, seasons = false, count = 4 }) {
  return page.evaluate(
    async ({ name, tags, seasons, count }) => {
      const catalog = await (await fetch('/api/catalog/seasons')).json();
      const contestants = seasons
        ? catalog.seasons.slice(0, count).map((s) => ({ id: s.id, isSeason: true }))
        : catalog.seasons.find((s) => s.id === 's20').contestants.slice(0, count).map((c) => ({ id: c.id, isSeason: false, seasonId: 's20' }));
      const res = await fetch('/api/lists', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, description: 'A ranking for the e2e journey.', tags, contestants, isPublic: true }),
      });
      if (res.status !== 201) throw new Error(`create list: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { name, tags, seasons, count },
  );
}

const inboxButton = (page) => page.getByRole('banner').getByRole('button', { name: /^Inbox/ });

test('two fans: browse, upvote, favorite, comment and reply with a live inbox', async () => {
  const anna = await app.newPage({ width: 1280, height: 800 });
  await signIn(anna, 'anna@example.com');
  const list = await publish(anna, { name: 'Heroes Forever', tags: ['strategic'] });
  await publish(anna, { name: 'Best Seasons Ever', tags: ['social'], seasons: true });
  await anna.goto('/');
  await inboxButton(anna).waitFor();
  assert.equal(await inboxButton(anna).getAttribute('aria-label'), 'Inbox');

  const bob = await app.newPage({ width: 1280, height: 800 });
  await signIn(bob, 'bob@example.com');

  // Browse: search (debounced into the URL), type and tag filters.
  await bob.goto('/rankings');
  await bob.getByRole('article', { name: 'Best Seasons Ever' }).waitFor();
  await bob.getByPlaceholder('Search rankings...').fill('heroes');
  await bob.waitForURL(/\/rankings\?q=heroes$/);
  await bob.getByLabel('Ranking Type').selectOption({ label: 'Survivor Rankings' });
  await bob.getByRole('button', { name: 'Strategic' }).click();
  await bob.waitForURL(/q=heroes&type=survivor&tag=strategic/);
  await bob.getByRole('article', { name: 'Heroes Forever' }).waitFor();
  assert.equal(await bob.getByRole('article', { name: 'Best Seasons Ever' }).count(), 0);
  await bob.getByText('Page 1 of 1').waitFor();
  // The view survives a reload.
  await bob.reload();
  await bob.getByRole('button', { name: 'Strategic', pressed: true }).waitFor();
  assert.equal(await bob.getByPlaceholder('Search rankings...').inputValue(), 'heroes');
  await bob.getByRole('button', { name: 'Social' }).click();
  await bob.getByText('No lists found matching your criteria.').waitFor();
  await bob.getByRole('button', { name: 'Social' }).click();

  await bob.getByRole('link', { name: 'Heroes Forever' }).click();
  await bob.waitForURL(`**/list/${list.userId}/${list.id}`);

  // Upvote: Anna's inbox lights up without a reload.
  await bob.getByRole('button', { name: /^Upvote, \d+ votes?$/ }).click();
  await anna.getByRole('button', { name: 'Inbox, 1 unread' }).waitFor();

  // Favorite: it shows on Bob's home page.
  await bob.getByRole('button', { name: 'Favorite', pressed: false }).click();
  await bob.getByRole('button', { name: 'Favorite', pressed: true }).waitFor();
  await bob.goto('/');
  const favorites = bob.getByRole('list', { name: 'Your Favorite Lists' });
  await favorites.getByRole('article', { name: 'Heroes Forever' }).waitFor();
  await bob.getByRole('list', { name: 'Recently Created Lists' }).getByRole('article', { name: 'Heroes Forever' }).waitFor();
  await screenshot(bob, 'community-home-1280x800');
  await favorites.getByRole('link', { name: 'Heroes Forever' }).click();
  await bob.waitForURL(`**/list/${list.userId}/${list.id}`);

  // Comment: counter, trimmed text.
  const box = bob.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('  Sandra is the queen of this game  ');
  await bob.getByText('464 characters remaining').waitFor();
  await bob.getByRole('button', { name: 'Post Comment' }).click();
  await bob.getByRole('article', { name: 'Comment by bob' }).getByText('Sandra is the queen of this game', { exact: true }).waitFor();
  await bob.getByRole('heading', { name: 'Comments (1)' }).waitFor();

  // Anna sees it live, opens the inbox, and follows it.
  await anna.getByRole('button', { name: 'Inbox, 2 unread' }).waitFor();
  await inboxButton(anna).click();
  const annaPanel = anna.getByRole('region', { name: 'Notifications' });
  await annaPanel.getByText('bob commented: "Sandra is ..."').waitFor();
  await annaPanel.getByText('bob upvoted your list').waitFor();
  await screenshot(anna, 'community-inbox-1280x800');
  await annaPanel.getByRole('button', { name: /bob commented/ }).click();
  await anna.waitForURL(`**/list/${list.userId}/${list.id}`);
  await anna.getByRole('button', { name: 'Inbox, 1 unread' }).waitFor();

  // Anna votes on Bob's comment and replies.
  const bobsComment = anna.getByRole('article', { name: 'Comment by bob' });
  await bobsComment.getByRole('button', { name: 'Upvote' }).click();
  await bobsComment.getByRole('button', { name: 'Upvote', pressed: true }).waitFor();
  await bobsComment.getByRole('button', { name: 'Reply' }).click();
  await anna.getByRole('textbox', { name: 'Reply to bob' }).fill('Thanks Bob, agreed!');
  await anna.getByRole('button', { name: 'Post Reply' }).click();
  const reply = anna.getByRole('list', { name: 'Replies to bob' }).getByRole('article', { name: 'Comment by anna' });
  await reply.waitFor();
  await anna.getByRole('heading', { name: 'Comments (2)' }).waitFor();

  // Bob sees the reply (and the like) arrive live, and the reply notification lands on the reply.
  await bob.getByRole('button', { name: 'Inbox, 2 unread' }).waitFor();
  await inboxButton(bob).click();
  const bobPanel = bob.getByRole('region', { name: 'Notifications' });
  await bobPanel.getByText('anna replied: "Thanks Bob..."').waitFor();
  await bobPanel.getByText('anna liked your comment').waitFor();
  await bobPanel.getByRole('button', { name: /anna replied/ }).click();
  await bob.waitForURL(/#comment-.+$/);
  const commentId = decodeURIComponent(new URL(bob.url()).hash.slice('#comment-'.length));
  const target = bob.locator(`[id="comment-${commentId}"]`);
  await target.waitFor();
  assert.match(await target.textContent(), /Thanks Bob, agreed!/);
  assert.match((await target.getAttribute('class')) ?? '', /highlighted/);
  await bob.waitForFunction((id) => {
    const r = document.getElementById(`comment-${id}`)?.getBoundingClientRect();
    return !!r && r.top >= 0 && r.bottom <= window.innerHeight;
  }, commentId);
  await bob.getByRole('button', { name: 'Inbox, 1 unread' }).waitFor();

  // Pointer leaving the open dropdown marks the rest read.
  await inboxButton(bob).click();
  await bobPanel.hover();
  await bob.mouse.move(5, 790);
  await bob.getByRole('button', { name: 'Inbox' }).waitFor();
  await bob.keyboard.press('Escape');
  await screenshot(bob, 'community-list-1280x800');

  // Bob deletes his comment only after confirming.
  const bobsOwn = bob.getByRole('article', { name: 'Comment by bob' });
  bob.once('dialog', (d) => {
    assert.equal(d.message(), 'Are you sure you want to delete this comment?');
    void d.dismiss();
  });
  await bobsOwn.getByRole('button', { name: 'Delete' }).click();
  await bob.getByRole('heading', { name: 'Comments (2)' }).waitFor();
  assert.equal(await bob.getByRole('article', { name: 'Comment by anna' }).getByRole('button', { name: 'Delete' }).count(), 0);

  // Bob's browse view, for the record.
  await bob.goto('/rankings');
  await bob.getByRole('article', { name: 'Heroes Forever' }).waitFor();
  await screenshot(bob, 'community-browse-1280x800');

  // Anna's profile page.
  await bob.goto(`/rankings/user/${list.userId}`);
  await bob.getByRole('heading', { level: 1, name: 'Rankings by anna' }).waitFor();
  await bob.getByText('2 ranking(s) created by this user').waitFor();

  await anna.context().close();
  await bob.context().close();
});

test('phone: home, browse, comments and the inbox at 390px', async () => {
  const page = await app.newPage({ width: 390, height: 844 });
  await signIn(page, 'anna@example.com', { signUp: false });
  await page.goto('/');
  await page.getByRole('list', { name: 'Recently Created Lists' }).getByRole('article').first().waitFor();
  await page.getByRole('heading', { name: 'Top Voted Lists This Week' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'community-home-390x844');

  await page.goto('/rankings');
  await page.getByRole('article', { name: 'Heroes Forever' }).waitFor();
  await page.getByRole('region', { name: 'Filters' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'community-browse-390x844');

  await page.getByRole('link', { name: 'Heroes Forever' }).click();
  const comments = page.getByRole('heading', { name: /^Comments/ });
  await comments.waitFor();
  await comments.scrollIntoViewIfNeeded();
  await page.getByRole('article', { name: 'Comment by bob' }).waitFor();
  await screenshot(page, 'community-list-390x844');

  const bell = inboxButton(page);
  assert.ok(await bell.isVisible(), 'the inbox is in the phone header, outside the menu');
  await bell.click();
  await page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').first().waitFor();
  await screenshot(page, 'community-inbox-390x844');
  await page.keyboard.press('Escape');
  assert.equal(await page.getByRole('region', { name: 'Notifications' }).count(), 0);
  await page.context().close();
});

test("an author hears of a list's upvotes in one inbox entry naming its newest voter", async () => {
  const erin = await app.newPage({ width: 390, height: 844 });
  await signIn(erin, 'erin@example.com');
  const list = await publish(erin, { name: 'Villains Rule', tags: ['strategic'] });
  await erin.goto('/');
  await inboxButton(erin).waitFor();
  const fans = [];
  const upvoteAs = async (email) => {
    const fan = await app.newPage({ width: 1280, height: 800 });
    fans.push(fan);
    await signIn(fan, email);
    const status = await fan.evaluate(async (path) => (await fetch(path, { method: 'PUT' })).status, `/api/lists/${list.userId}/${list.id}/upvote`);
    assert.equal(status, 200, `${email} upvotes`);
  };
  const panel = erin.getByRole('region', { name: 'Notifications' });
  const entries = panel.getByRole('listitem').filter({ hasText: 'Villains Rule' });

  await upvoteAs('cara@example.com');
  await erin.getByRole('button', { name: 'Inbox, 1 unread' }).waitFor();
  await inboxButton(erin).click();
  await entries.filter({ hasText: 'cara upvoted your list' }).waitFor();
  await erin.keyboard.press('Escape');

  // A second fan's vote brings the same entry back, naming them: still one entry, one unread.
  await upvoteAs('dan@example.com');
  await inboxButton(erin).click();
  await entries.filter({ hasText: 'dan upvoted your list' }).waitFor();
  await erin.getByRole('button', { name: 'Inbox, 1 unread' }).waitFor();
  assert.equal(await entries.count(), 1);
  await screenshot(erin, 'community-upvotes-one-entry-390x844');
  await erin.keyboard.press('Escape');
  await erin.setViewportSize({ width: 1280, height: 800 });
  await inboxButton(erin).click();
  await entries.filter({ hasText: 'dan upvoted your list' }).waitFor();
  await screenshot(erin, 'community-upvotes-one-entry-1280x800');
  for (const page of [erin, ...fans]) await page.context().close();
});
