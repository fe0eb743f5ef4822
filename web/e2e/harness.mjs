// Starts the real castaway binary on a free port with a fresh data dir, and headless Chromium.
// Builds nothing: run `make build` (or set CASTAWAY_BIN) first.
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const screenshotDir = path.join(here, 'screenshots');
const defaultBin = path.resolve(here, '..', '..', 'bin', 'castaway');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(addr.port));
    });
  });
}

async function waitReady(baseURL, proc, logs, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) {
      throw new Error(`castaway exited with ${proc.exitCode} before it was ready:\n${logs.join('')}`);
    }
    try {
      const res = await fetch(`${baseURL}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`castaway was not ready within ${timeoutMs} ms:\n${logs.join('')}`);
}

/**
 * Starts `castaway serve` (CASTAWAY_BIN, default ../bin/castaway) and Chromium. Returns { baseURL, dataDir, browser, newPage(viewport), logs, stop }.
 * `env` adds environment variables for the server (e.g. the fake sign-in providers' CASTAWAY_* settings).
 * `databaseURL` points the server at a database (CASTAWAY_DATABASE_URL, e.g. a PostgreSQL schema shared by
 * several servers); by default each server has its own SQLite file in its data dir.
 */
export async function startApp({ env = {}, databaseURL } = {}) {
  if (process.env.CASTAWAY_E2E_URL) return attach(process.env.CASTAWAY_E2E_URL);
  const bin = process.env.CASTAWAY_BIN ?? defaultBin;
  if (!existsSync(bin)) {
    throw new Error(`castaway binary not found at ${bin}: run 'make build' or set CASTAWAY_BIN`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'castaway-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logs = [];
  const proc = spawn(bin, ['serve'], {
    env: {
      ...process.env,
      ...env,
      ...(databaseURL ? { CASTAWAY_DATABASE_URL: databaseURL } : {}),
      CASTAWAY_ADDR: `127.0.0.1:${port}`,
      CASTAWAY_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (d) => logs.push(String(d)));
  proc.stderr.on('data', (d) => logs.push(String(d)));
  const exited = new Promise((resolve) => proc.once('exit', resolve));

  let browser;
  const cspViolations = [];
  async function stop() {
    await browser?.close().catch(() => {});
    if (proc.exitCode === null) {
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
    // Every journey doubles as a check that the app works under its Content-Security-Policy.
    if (cspViolations.length > 0) {
      throw new Error(`the page broke its Content-Security-Policy ${cspViolations.length} time(s):\n${[...new Set(cspViolations)].join('\n')}`);
    }
  }

  try {
    await waitReady(baseURL, proc, logs);
    browser = await launchChromium();
  } catch (err) {
    await stop();
    throw err;
  }

  /** A page in a browser context of its own; `options` adds context options (e.g. a userAgent). */
  async function newPage(viewport = { width: 1280, height: 800 }, options = {}) {
    const context = await browser.newContext({ ...options, viewport, baseURL });
    await watchCSP(context, cspViolations);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return page;
  }

  return { baseURL, dataDir, browser, newPage, logs, stop, cspViolations };
}

const cspMark = 'castaway-csp-violation:';

/** Records in `into` every Content-Security-Policy violation a page of context reports. */
async function watchCSP(context, into) {
  await context.addInitScript((mark) => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`${mark} ${location.pathname}: ${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
    );
  }, cspMark);
  context.on('console', (msg) => {
    if (msg.type() === 'error' && msg.text().startsWith(cspMark)) into.push(msg.text().slice(cspMark.length).trim());
  });
}

async function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** Runs against a server that is already up (CASTAWAY_E2E_URL, e.g. `npm run dev`): for UI work only. */
async function attach(baseURL) {
  const browser = await launchChromium();
  async function newPage(viewport = { width: 1280, height: 800 }) {
    const context = await browser.newContext({ viewport, baseURL });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return page;
  }
  return { baseURL, browser, newPage, logs: [], stop: () => browser.close() };
}

/** Saves a PNG into e2e/screenshots once the images in view have loaded. */
export async function screenshot(page, name) {
  await mkdir(screenshotDir, { recursive: true });
  await page
    .waitForFunction(() =>
      [...document.images].filter((i) => i.getBoundingClientRect().top < window.innerHeight).every((i) => i.complete),
    )
    .catch(() => {});
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** A screenshot (in CASTAWAY_SHOTS, default screenshotDir) of the viewport with `at` scrolled near its top, below the sticky header. */
export async function shotAt(page, name, at) {
  const dir = process.env.CASTAWAY_SHOTS ?? screenshotDir;
  await mkdir(dir, { recursive: true });
  await at?.evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -96);
  });
  await settled(page);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Waits until no finite CSS animation or transition is running (sheets, entrance effects); endless ones such as spinners are left alone. */
export async function settled(page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/**
 * Asks check (an async function of the test's side) every 250 ms until it holds. For waits on
 * something the page must fetch: page.waitForFunction does not await a promise its predicate
 * returns, so an async predicate would pass at once.
 */
export async function until(check, what, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The signed-in fan's server draft (null while there is none: 204). */
export function serverDraft(page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/me/draft');
    return res.status === 200 ? res.json() : null;
  });
}

export const PASSWORD = 'Tribal-Council-Torch-2025!';

/** Signs email in through the API from the page's own origin, so its context keeps the session cookie. */
export async function signIn(page, email) {
  await page.goto('/');
  const status = await page.evaluate(
    async ([e, p]) =>
      (await fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: e, password: p }) })).status,
    [email, PASSWORD],
  );
  if (status !== 200) throw new Error(`signing in ${email} answered ${status}`);
}

/** Calls the API from the page (same origin, so the session cookie goes along); fails on any answer but 2xx. */
export async function api(page, method, path, body) {
  const res = await page.evaluate(
    async ([m, p, b]) => {
      const r = await fetch(p, { method: m, headers: { 'Content-Type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    [method, path, body],
  );
  if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Signs up through the API from the page (same origin, so the session cookie sticks); returns the new user. */
export async function signUp(page, email) {
  if (page.url() === 'about:blank') await page.goto('/');
  const result = await page.evaluate(
    async ([e, p]) => {
      const res = await fetch('/api/auth/signup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: e, password: p }),
      });
      return { status: res.status, body: await res.json() };
    },
    [email, PASSWORD],
  );
  if (result.status !== 201) throw new Error(`sign up ${email}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/**
 * Puts axe-core on the page. Through the DevTools protocol, as a tool would: the site's
 * Content-Security-Policy (no inline script) rightly refuses a script tag with it.
 */
export async function injectAxe(page) {
  if (await page.evaluate(() => typeof window.axe === 'object')) return;
  const cdp = await page.context().newCDPSession(page);
  try {
    const { exceptionDetails } = await cdp.send('Runtime.evaluate', { expression: axeSource });
    if (exceptionDetails) throw new Error(`axe-core did not load: ${exceptionDetails.text}`);
  } finally {
    await cdp.detach();
  }
}
