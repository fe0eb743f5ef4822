// Journey: the pages visitors land on keep still while their data comes (no layout shift), on
// a desktop and a phone, with the CPU slowed as Lighthouse slows it for a phone.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api, settled, signUp, startApp } from './harness.mjs';

let app;
let list;

before(async () => {
  app = await startApp();
  // A fan with a published list, so home, their page and a castaway's page have lists to show.
  const page = await app.newPage();
  await signUp(page, 'still@example.com');
  const contestants = ['parvati-shallow', 'sandra-diaz-twine', 'russell-hantz'].map((id) => ({ id, isSeason: false, seasonId: 's20' }));
  list = await api(page, 'POST', '/api/lists', { name: 'Still waters', contestants });
  await page.context().close();
});

after(async () => {
  await app?.stop();
});

/** Each page, and what shows once all its data has come. */
const pages = () => [
  ['/', (page) => page.getByRole('article', { name: 'Still waters' }).first()],
  ['/seasons/s20', (page) => page.getByRole('region', { name: 'Where and when' })],
  ['/castaways/parvati-shallow', (page) => page.getByRole('list', { name: 'Lists ranking Parvati Shallow' }).getByRole('article', { name: 'Still waters' })],
  [`/rankings/user/${list.userId}`, (page) => page.getByRole('article', { name: 'Still waters' })],
  ['/seasons', (page) => page.getByRole('heading', { level: 1 })],
  // No sign-in provider is set up here: the hints under them are there from the start.
  ['/login', (page) => page.getByRole('button', { name: 'Sign in with Google' }).and(page.locator(':not([aria-busy])'))],
];

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`${label}: home, a season, a castaway, a fan's page, the seasons and sign-in do not move as they load`, async () => {
    for (const [path, loaded] of pages()) {
      const page = await app.newPage(viewport);
      await page.addInitScript(() => {
        window.shifts = [];
        new PerformanceObserver((entries) => {
          for (const e of entries.getEntries()) {
            if (e.hadRecentInput) continue;
            const moved = e.sources.map((s) => `${s.node?.outerHTML?.slice(0, 80) ?? '?'} from y=${Math.round(s.previousRect.y)} to y=${Math.round(s.currentRect.y)}`);
            window.shifts.push(`${e.value.toFixed(4)}: ${moved.join('; ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(path);
      await loaded(page).waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await settled(page);
      assert.deepEqual(await page.evaluate(() => window.shifts), [], `${path} at ${viewport.width} px moved as it loaded`);
      await page.context().close();
    }
  });
}
