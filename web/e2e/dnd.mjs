// Drag-and-drop helpers shared by the journeys that rank things (the creator, the global ballot).
import assert from 'node:assert/strict';

/** Waits (up to timeout ms, or the test's default) until dnd-kit's live region announces text matching pattern. */
export async function announced(page, pattern, { timeout } = {}) {
  await page
    .waitForFunction(
      ([source, flags]) => [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((el) => new RegExp(source, flags).test(el.textContent ?? '')),
      [pattern.source, pattern.flags],
      timeout === undefined ? undefined : { timeout },
    )
    .catch(async (err) => {
      const said = await page.evaluate(() => [...document.querySelectorAll('[id^="DndLiveRegion"]')].map((el) => el.textContent).join(' | '));
      throw new Error(`not announced: ${pattern} (live region: ${said})`, { cause: err });
    });
}

/**
 * Once `over` is said: the placeholder it brings can move the board under a still pointer, so
 * this waits for that layout, moves to `aim()` (where the target is now) and waits for `over`
 * again, so that a drop lets go where dnd-kit still says.
 */
export async function stillOver(page, aim, over, { timeout } = {}) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const p = await aim();
  await page.mouse.move(p.x + 1, p.y, { steps: 2 });
  await announced(page, over, { timeout });
}

/**
 * Drags with the mouse in small steps, as a person would, from `from` to the point of `to` at
 * `yFraction` of its height, waiting for `over` to be announced before letting go, and, given
 * `drop` ('before' or 'after'), for `to` to show that side as where the item would land.
 */
export async function mouseDrag(page, from, to, { over, yFraction = 0.5, drop }) {
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  const target = async () => {
    const b = await to.boundingBox();
    assert.ok(b, 'the drag target is visible');
    return { x: b.x + b.width / 2, y: b.y + b.height * yFraction };
  };
  assert.ok(a, 'the dragged item is visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 4 });
  let at = await target();
  await page.mouse.move(at.x, at.y, { steps: 12 });
  // A pointer near the window's edge scrolls the page under it: follow the target until it
  // holds still, as a person's hand would.
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(100);
    const now = await target();
    if (Math.abs(now.x - at.x) < 2 && Math.abs(now.y - at.y) < 2) break;
    at = now;
    await page.mouse.move(at.x, at.y, { steps: 2 });
  }
  await announced(page, over);
  await stillOver(page, target, over);
  // "Over" names the item, not the side of it the item would land on.
  if (drop) {
    const el = await to.elementHandle();
    await page.waitForFunction(([e, side]) => e.dataset.drop === side, [el, drop]).catch(async (err) => {
      const shown = await el.evaluate((e) => e.dataset.drop ?? 'no side');
      throw new Error(`the drop is not shown ${drop} its target (shown: ${shown})`, { cause: err });
    });
  }
  await page.mouse.up();
  await announced(page, / was dropped /);
  // dnd-kit swallows clicks for a moment after a pointer drag ends (so the drop is not
  // also a click); nothing on the page tells when that ends, and a person's next press
  // comes later than that, so ours waits too.
  await page.waitForTimeout(300);
}

/** The texts of `nameSelector` in each item of the list labelled `label`. */
export async function itemNames(page, label, nameSelector) {
  const list = page.getByRole('list', { name: label });
  if ((await list.count()) === 0) return [];
  return list.locator(':scope > li').evaluateAll((lis, sel) => lis.map((li) => li.querySelector(sel)?.textContent ?? ''), nameSelector);
}

/** Waits until the list labelled `label` shows exactly `want` (React commits after the event), then asserts it. */
export async function expectItems(page, label, nameSelector, want) {
  await page
    .waitForFunction(
      ([l, sel, w]) => {
        const list = document.querySelector(`[aria-label="${l}"]`);
        const got = list ? [...list.querySelectorAll(':scope > li')].map((li) => li.querySelector(sel)?.textContent ?? '') : [];
        return JSON.stringify(got) === JSON.stringify(w);
      },
      [label, nameSelector, want],
      { timeout: 3000 },
    )
    .catch(() => {});
  assert.deepEqual(await itemNames(page, label, nameSelector), want);
}

/**
 * A finger: touch down on `start`, hold past the 150 ms delay, move in steps to `end()` (measured
 * at every step, as the page may scroll under the finger), wait for `over`, lift. Real
 * TouchEvents through CDP (`cdp` from page.context().newCDPSession(page)). `pause` is how long
 * to wait after the pick-up before moving (while a sheet the drag began in closes).
 */
export async function touchDrag(page, cdp, start, end, { over, pause = 0 }) {
  const point = (p) => [{ x: Math.round(p.x), y: Math.round(p.y), id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(start) });
  await page.waitForTimeout(300);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point({ x: start.x + 2, y: start.y + 2 }) });
  await announced(page, /Picked up | is over /);
  if (pause > 0) await page.waitForTimeout(pause);
  for (let i = 1; i <= 12; i++) {
    const target = await end();
    const p = { x: start.x + ((target.x - start.x) * i) / 12, y: start.y + ((target.y - start.y) * i) / 12 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(p) });
    await page.waitForTimeout(16);
  }
  // Hold still over the target until the page stops moving under the finger.
  for (let i = 0; i < 10; i++) {
    const target = await end();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(target) });
    await page.waitForTimeout(100);
    const again = await end();
    if (Math.abs(again.y - target.y) < 2) break;
  }
  await announced(page, over);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await announced(page, / was dropped /);
  await page.waitForTimeout(300);
}
