/**
 * The service worker's runtime caches (src/sw.ts), named here too so the page can clear
 * the account-bound one. The precache of the app shell is Workbox's own.
 */
export const CACHES = {
  /** API reads and nothing personal (see cacheRules): cleared whenever the account changes. */
  reads: 'castaway-reads',
  /** The season catalog: the same for everyone. */
  catalog: 'castaway-catalog',
  /** Headshots and season pictures: the same for everyone. */
  media: 'castaway-media',
} as const;

/** The page tells the service worker that another account (or none) is now signed in. */
export const ACCOUNT_CHANGED = 'ACCOUNT_CHANGED';

/** The catalog, fetched when the service worker installs so the creator works offline. */
export const CATALOG_URL = '/api/catalog/seasons';
