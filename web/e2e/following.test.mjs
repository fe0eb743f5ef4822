// Journey: following a fan. Ann follows Ben from his list page; Ben hears of it; Ben publishes
// a list and it reaches Ann's home ('From Fans You Follow'), her feed page and her inbox;
// Ann unfollows from Ben's page and the section leaves her home. At 1280 and 390 wide.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { screenshot, signUp, startApp, until } from './harness.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

/** Publishes a public list through the API from the signed-in page; returns it. */
async function publish(page, name) {
  const res = await page.evaluate(async (n) => {
    const r = await fetch('/api/lists', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: n, contestants: [{ id: 'parvati-shallow', isSeason: false }, { id: 'sandra-diaz-twine', isSeason: false }] }),
    });
    return { status: r.status, body: await r.json() };
  }, name);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

const inboxBell = (page) => page.getByRole('button', { name: /^Inbox/ });

/** Opens the inbox and waits for a notification with text. */
async function seeNotification(page, text) {
  await page.reload();
  await inboxBell(page).click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await panel.getByText(text).waitFor();
  await inboxBell(page).click();
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`a fan follows another, reads what they publish, and unfollows (${width} wide)`, async () => {
    const ben = await app.newPage({ width, height });
    const benUser = await signUp(ben, `ben${width}@example.com`);
    const first = await publish(ben, `Ben's Heroes ${width}`);

    const ann = await app.newPage({ width, height });
    const annUser = await signUp(ann, `ann${width}@example.com`);
    await ann.goto(`/list/${first.userId}/${first.id}`);
    await ann.getByRole('heading', { level: 1, name: `Ben's Heroes ${width}` }).waitFor();
    await ann.getByRole('button', { name: `Follow ${benUser.displayName}`, pressed: false }).click();
    await ann.getByRole('button', { name: `Following ${benUser.displayName}`, pressed: true }).waitFor();
    await screenshot(ann, `following-list-page-${width}`);

    // Ben hears of his new follower, and his page counts them.
    await seeNotification(ben, `${annUser.displayName} started following you`);
    await ben.goto(`/rankings/user/${benUser.id}`);
    await ben.getByTestId('follow-counts').getByText('1 follower', { exact: false }).waitFor();

    // Ben publishes: Ann's home, feed and inbox show it.
    await publish(ben, `Ben's Villains ${width}`);
    // The list reaches followers off the save (the fan-out worker), a moment later.
    await until(
      async () =>
        (await ann.evaluate(() => fetch('/api/feed').then((res) => res.json()))).lists.some(
          (l) => l.name === `Ben's Villains ${width}`,
        ),
      "Ben's list reaches Ann's feed",
    );
    await ann.goto('/');
    const section = ann.getByRole('region', { name: 'From Fans You Follow' });
    await section.getByRole('heading', { name: `Ben's Villains ${width}` }).waitFor();
    await section.getByRole('heading', { name: `Ben's Heroes ${width}` }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(ann, `following-home-${width}`);
    await ann.getByRole('link', { name: 'See all from fans you follow' }).click();
    await ann.waitForURL(/\/feed$/);
    const feed = ann.getByRole('list', { name: 'From Fans You Follow' });
    // Newest first, both of them (the page may still be rendering its second card).
    const want = [`Ben's Villains ${width}`, `Ben's Heroes ${width}`];
    await until(async () => JSON.stringify(await feed.getByRole('heading').allTextContents()) === JSON.stringify(want), 'the feed shows both lists, newest first');
    await seeNotification(ann, `${benUser.displayName} published a list`);

    // Ann unfollows from Ben's page: the count drops and the section leaves her home.
    await ann.goto(`/rankings/user/${benUser.id}`);
    await ann.getByTestId('follow-counts').getByText('1 follower', { exact: false }).waitFor();
    await screenshot(ann, `following-user-page-${width}`);
    await ann.getByRole('button', { name: `Following ${benUser.displayName}` }).click();
    await ann.getByRole('button', { name: `Follow ${benUser.displayName}`, pressed: false }).waitFor();
    await ann.getByTestId('follow-counts').getByText('0 followers', { exact: false }).waitFor();
    await ann.goto('/');
    await ann.getByRole('heading', { name: 'Recently Created Lists' }).waitFor();
    assert.equal(await ann.getByRole('heading', { name: 'From Fans You Follow' }).count(), 0);
  });
}
