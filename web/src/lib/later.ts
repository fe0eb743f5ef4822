import { useEffect, useState } from 'react';

/**
 * Start-up in slices. The page a fan lands on renders at once what its first screen shows;
 * what is further down (the rest of a list of cards, a season's later sections) joins it a
 * slice at a time, each slice in a task of its own after a frame has been drawn. No task then
 * holds the main thread for long while the app starts (a phone stays responsive; Lighthouse's
 * Total Blocking Time), and nothing waits for the fan: every slice comes by itself, in order,
 * within a few frames. The app has started once the fan acts (a key, a touch, a click: what
 * waits renders before it lands) or moves to another page: from then on every part renders
 * whole at once (so Back returns to where the fan was on a page), the slices still waiting too.
 */

type Job = () => void;

const queue: Job[] = [];
let startingUp = true;
let waiting = false;

/** The app has started (the fan acted, or moved to another page): whatever waits renders now. */
export function endStartUp(): void {
  if (!startingUp) return;
  startingUp = false;
  // Later, not now: this is called while React renders the new page.
  queueMicrotask(() => {
    for (let job = queue.shift(); job; job = queue.shift()) job();
  });
}

/** Tests: a fresh start-up (slices deferred again) or, with false, none. */
export function resetStartUp(deferring: boolean): void {
  startingUp = deferring;
  queue.length = 0;
  waiting = false;
}

function next() {
  if (waiting || queue.length === 0) return;
  waiting = true;
  const run = () => {
    waiting = false;
    queue.shift()?.();
    next();
  };
  // After the next frame, so the slice before is drawn (its style and layout in that
  // frame's task, not this one's); a tab in the background draws no frames.
  if (document.visibilityState === 'hidden') setTimeout(run, 0);
  else requestAnimationFrame(() => setTimeout(run, 0));
}

/** Runs job in a task of its own once the slices queued before it have run; returns a cancel. */
export function later(job: Job): () => void {
  if (!startingUp) {
    job();
    return () => {};
  }
  let live = true;
  queue.push(() => {
    if (live) job();
  });
  next();
  return () => {
    live = false;
  };
}

/** False while this part waits for its slice at start-up; true from then on (at once when the app has started). */
export function useLater(): boolean {
  const [ready, setReady] = useState(() => !startingUp);
  useEffect(() => (ready ? undefined : later(() => setReady(true))), [ready]);
  return ready;
}

/**
 * How many of total items to render: at start-up `first` at once, then `step` more a slice
 * at a time until all are there; all of them when the app has started.
 */
export function useShownCount(total: number, first: number, step = first): number {
  const [shown, setShown] = useState(() => (startingUp ? first : Infinity));
  useEffect(() => (shown >= total ? undefined : later(() => setShown((n) => (startingUp ? n + step : Infinity)))), [shown, total, step]);
  return Math.min(shown, total);
}
