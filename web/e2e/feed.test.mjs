// Journey: the feed is one click away and says who published what, when. A fan who follows
// another finds Feed in the header (in the menu on a phone), and each card there names the
// list's author, linked to their page, and how long ago it was published. At 1280 and 390
// wide, on the real binary and a fresh database.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api, screenshot, signUp, startApp, until } from './harness.mjs';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`at ${width}: Feed in the header opens the feed, whose cards say who published each list and when`, async () => {
    const ben = await app.newPage({ width, height });
    const benUser = await signUp(ben, `ben.feed${width}@example.com`);
    const ann = await app.newPage({ width, height });
    await signUp(ann, `ann.feed${width}@example.com`);
    await api(ann, 'PUT', `/api/me/following/${benUser.id}`);
    const list = await api(ben, 'POST', '/api/lists', {
      name: `Ben's Castaways ${width}`,
      contestants: [
        { id: 'parvati-shallow', isSeason: false },
        { id: 'sandra-diaz-twine', isSeason: false },
      ],
    });
    // The list reaches followers off the save (the fan-out worker), a moment later.
    await until(async () => (await api(ann, 'GET', '/api/feed')).lists.some((l) => l.id === list.id), "Ben's list reaches Ann's feed");

    // From any page, the header leads to the feed; on a phone, through the menu.
    await ann.goto('/rankings');
    await ann.getByRole('heading', { level: 1, name: 'Browse Rankings' }).waitFor();
    if (width < 768) await ann.getByRole('button', { name: 'Menu' }).click();
    const feedLink = ann.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' });
    await feedLink.click();
    await ann.waitForURL(/\/feed$/);
    await ann.getByRole('heading', { level: 1, name: 'From Fans You Follow' }).waitFor();
    // The link says where the fan is (on a phone the menu has closed on arrival).
    assert.equal(await ann.locator('#site-nav a[href="/feed"]').getAttribute('aria-current'), 'page');

    // The card names its author, linked to their page, and when the list was published.
    const card = ann.getByRole('list', { name: 'From Fans You Follow' }).getByRole('article', { name: list.name });
    const author = card.getByRole('link', { name: benUser.displayName });
    assert.equal(await author.getAttribute('href'), `/rankings/user/${benUser.id}`);
    const when = card.locator('time');
    assert.equal(await when.getAttribute('datetime'), list.createdAt);
    // The relative time reads as one once the card has rendered (a card drawn again for a
    // moment reads empty): wait until it does.
    await until(async () => /^(just now|\d+ minutes? ago)$/.test(await when.innerText()), 'the card says when the list was published');
    assert.ok((await when.getAttribute('title')).length > 0, 'the full date on hover');
    await screenshot(ann, `feed-dated-${width}`);

    await author.click();
    await ann.waitForURL(new RegExp(`/rankings/user/${benUser.id}$`));
    await ben.context().close();
    await ann.context().close();
  });
}
