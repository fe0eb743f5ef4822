// The deployment journey (run by scripts/deploy-test.sh inside the client's namespace): every
// request goes through the balancer. Anna signs up and saves a list, and keeps the home page
// open in Chromium; Bob, an HTTP client, sees her list and comments through the other node, and
// Anna's inbox lights up live. Then the node holding Anna's stream is killed: requests carry on
// through the survivor, Anna's stream reconnects to it and the next comment still arrives live.
//
//   DEPLOY_LB_URL   the balancer, https://...
//   DEPLOY_NODES    "host:port=pid,host:port=pid": the nodes and their processes
//   The balancer adds X-Served-By (the node that answered) for this journey to read.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, test } from 'node:test';

const { chromium } = createRequire(new URL('../web/package.json', import.meta.url))('playwright-core');

const lb = process.env.DEPLOY_LB_URL;
const nodes = new Map(process.env.DEPLOY_NODES.split(',').map((n) => n.split('=')));
const PASSWORD = 'Tribal-Council-Torch-2025!';
let browser;

after(async () => {
  await browser?.close();
});

/** An HTTP client with a cookie jar of one session, through the balancer. */
function client() {
  let cookie = '';
  return async function call(method, path, body) {
    const res = await fetch(lb + path, {
      method,
      headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(cookie ? { Cookie: cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length > 0) cookie = set.join('; ');
    const text = await res.text();
    return { status: res.status, node: res.headers.get('x-served-by'), body: text ? JSON.parse(text) : undefined };
  };
}

/** Repeats call until the balancer hands it to a node other than `not` (round robin: the next one). */
async function onOtherNode(not, call) {
  for (let i = 0; i < 4; i++) {
    const res = await call();
    if (res.node !== not) return res;
  }
  throw new Error(`four requests in a row all went to ${not}`);
}

const inbox = (page) => page.getByRole('banner').getByRole('button', { name: /^Inbox/ });

test('two nodes behind the balancer: data and live events cross nodes, and a killed node is not missed', async () => {
  assert.equal(nodes.size, 2);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  // Caddy's own CA signed the balancer's certificate.
  const context = await browser.newContext({ baseURL: lb, ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 } });
  const anna = await context.newPage();
  anna.setDefaultTimeout(15_000);
  const streams = []; // the node of each inbox stream Anna's page opened
  anna.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/notifications/stream') streams.push(res.headers()['x-served-by']);
  });

  // Anna signs up and saves a list from the page (same origin: the session cookie sticks).
  await anna.goto('/rankings');
  const saved = await anna.evaluate(async (password) => {
    const post = (path, body) =>
      fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const signup = await post('/api/auth/signup', { email: 'anna@example.com', password });
    if (signup.status !== 201) throw new Error(`sign up: ${signup.status} ${await signup.text()}`);
    const res = await post('/api/lists', {
      name: 'Queens of the Game',
      contestants: [{ id: 'parvati-shallow', isSeason: false }],
      isPublic: true,
    });
    if (res.status !== 201) throw new Error(`save: ${res.status} ${await res.text()}`);
    return { list: await res.json(), node: res.headers.get('x-served-by') };
  }, PASSWORD);
  assert.ok(nodes.has(saved.node), `the save was answered by ${saved.node}`);
  const { list } = saved;

  // Home, with the inbox stream open on one node.
  await anna.goto('/');
  await inbox(anna).waitFor();
  await waitFor(() => streams.length > 0, 'the inbox stream to open');
  const streamNode = streams.at(-1);
  assert.ok(nodes.has(streamNode), `the stream was answered by ${streamNode}`);
  await anna.evaluate(() => {
    window.__sameDocument = true; // a reload would wipe it
  });

  // Bob signs up, and reads the list through the node that did not save it.
  const bob = client();
  assert.equal((await bob('POST', '/api/auth/signup', { email: 'bob@example.com', password: PASSWORD })).status, 201);
  const read = await onOtherNode(saved.node, () => bob('GET', `/api/lists/${list.userId}/${list.id}`));
  assert.equal(read.status, 200);
  assert.equal(read.body.name, 'Queens of the Game');

  // Bob comments until one comment is taken by the node without Anna's stream: its
  // notification reaches her over NATS, live.
  let comments = 0;
  const comment = async () => {
    const res = await bob('POST', `/api/lists/${list.userId}/${list.id}/comments`, { text: `Parvati, take ${++comments}` });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res;
  };
  const crossed = await onOtherNode(streamNode, comment);
  assert.notEqual(crossed.node, streamNode);
  await anna.getByRole('button', { name: `Inbox, ${comments} unread` }).waitFor();

  // Kill the node holding Anna's stream, mid-stream, without warning.
  const survivor = [...nodes.keys()].find((n) => n !== streamNode);
  const streamsBefore = streams.length;
  process.kill(Number(nodes.get(streamNode)), 'SIGKILL');

  // Requests carry on at once: the balancer takes each to the survivor.
  for (let i = 0; i < 10; i++) {
    const res = await bob('GET', `/api/lists/${list.userId}/${list.id}`);
    assert.equal(res.status, 200, `request ${i} after the kill: ${res.status}`);
    assert.equal(res.node, survivor);
  }
  // Anna's stream reconnects by itself, to the survivor, and the next comment arrives on it.
  await waitFor(() => streams.length > streamsBefore, "Anna's stream to reconnect", 20_000);
  assert.equal(streams.at(-1), survivor);
  const last = await comment();
  assert.equal(last.node, survivor);
  await anna.getByRole('button', { name: `Inbox, ${comments} unread` }).waitFor();
  assert.equal(await anna.evaluate(() => window.__sameDocument), true, 'Anna never reloaded the page');

  // Her session lives in the database: the survivor knows her.
  const me = await anna.evaluate(async () => (await fetch('/api/me')).status);
  assert.equal(me, 200);
});

/** Resolves once cond() holds; rejects after ms. Polls: these are events of another process. */
async function waitFor(cond, what, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
