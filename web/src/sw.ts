/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa into dist/sw.js). It precaches the app shell,
// keeps the catalog and what the fan has read for offline use, and waits to take over until
// the page says so (the "A new version is ready" notice), so a release never swaps code
// under an open page.
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { ACCOUNT_CHANGED, CACHES, CATALOG_URL } from './features/offline/cacheNames';
import { AccountGate, isApiRead, isCatalog, isMedia, keepPlugin } from './features/offline/cacheRules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const DAY = 24 * 60 * 60;

// The app shell: index.html, the hashed scripts and styles, icons and manifest.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages: the network (through navigation preload, so starting the worker costs nothing),
// and offline the shell, whose router then shows the page from the cached API reads. Pages
// themselves are not kept: the server's HTML differs only in preload and preview tags.
navigationPreload.enable();
const pages = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//, /^\/media\//, /^\/images\//] },
  ),
);

// The catalog: fresh when the network answers, the last copy when not. Fetched at install.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isCatalog(url),
  new NetworkFirst({ cacheName: CACHES.catalog, plugins: [keepPlugin] }),
);

// API reads (lists, a fan's lists, browse, and castaways' pages once they exist: see
// isApiRead): network first, the last public copy offline. Only what every visitor sees is
// kept (see mayKeep): for a signed-in fan's read, the visitor's copy of it, so nothing only
// they may see outlives their session on this device; a read the network says is gone is
// dropped. The copies are dropped whenever the account changes too.
const gate = new AccountGate();
const reads: NetworkFirst = new NetworkFirst({
  cacheName: CACHES.reads,
  plugins: [
    gate.plugin({
      keep: (request, event) => reads.handle({ request, event }),
      drop: (request) => caches.open(CACHES.reads).then((cache) => cache.delete(request)),
    }),
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
  ],
});
registerRoute(({ url, request, sameOrigin }) => sameOrigin && isApiRead(url, request), reads);

// Pictures change rarely and are the bulk of a list page: the cached copy first.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isMedia(url),
  new CacheFirst({
    cacheName: CACHES.media,
    plugins: [keepPlugin, new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('install', (event) => {
  // The catalog is best effort: an install must not fail because the API was briefly away.
  event.waitUntil(
    caches
      .open(CACHES.catalog)
      .then((cache) => cache.add(CATALOG_URL))
      .catch(() => undefined),
  );
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING') {
    // The fan chose Reload on the update notice (workbox-window's messageSkipWaiting).
    void self.skipWaiting();
  } else if (type === ACCOUNT_CHANGED) {
    gate.change();
    event.waitUntil(caches.delete(CACHES.reads));
  }
});

// The first install takes the open pages at once, so what they read next is kept; later
// versions wait for SKIP_WAITING above.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
