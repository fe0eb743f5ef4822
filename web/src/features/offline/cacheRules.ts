import type { WorkboxPlugin } from 'workbox-core/types';
import { CATALOG_URL } from './cacheNames';

/*
 * What the service worker keeps for offline use, as pure rules (src/sw.ts wires them to
 * Workbox; cacheRules.test.ts pins them).
 */

/** The season catalog: the same for every visitor. */
export function isCatalog(url: URL): boolean {
  return url.pathname === CATALOG_URL;
}

/** The site's own pictures (a media CDN's are the browser's HTTP cache's business). */
export function isMedia(url: URL): boolean {
  return url.pathname.startsWith('/media/') || url.pathname.startsWith('/images/');
}

/**
 * An API read the service worker may answer from its cache when the network fails: any GET
 * under /api/ except the live streams (an endless body cannot be kept) and the contract's
 * own pages. The rule is generic on purpose: list pages (/api/lists/{u}/{id}), a fan's
 * lists (/api/users/…), browse, home, consensus, and reads added later such as a
 * castaway's page (/api/contestants/…) are all covered with no change here. Whether an
 * answer is actually kept is `mayKeep`'s call, made on what the server said.
 */
export function isApiRead(url: URL, request: Request): boolean {
  return (
    request.method === 'GET' &&
    url.pathname.startsWith('/api/') &&
    !isCatalog(url) &&
    !url.pathname.endsWith('/stream') &&
    !(request.headers.get('Accept') ?? '').includes('text/event-stream') &&
    !url.pathname.startsWith('/api/docs') &&
    url.pathname !== '/api/openapi.yaml'
  );
}

/**
 * Whether an answer may be kept. Only a whole 200 that the server did not mark no-store:
 * every personal answer (/api/me…, drafts, the inbox, moderation) is written with
 * `Cache-Control: no-store`, so it is never kept, for this account or any other. Public
 * reads are `private, no-cache` (they can still differ by viewer: upvotedByMe, a private
 * list its owner sees), which is why the reads cache is also emptied whenever the account
 * changes (AccountGate, useAccountCaches).
 */
export function mayKeep(response: Response): boolean {
  if (response.status !== 200 || response.type === 'opaque') return false;
  const cc = (response.headers.get('Cache-Control') ?? '').toLowerCase();
  return !cc.split(',').some((d) => d.trim() === 'no-store');
}

/**
 * Keeps answers to the account that asked for them. Each change of account (the page's
 * ACCOUNT_CHANGED message) starts a new generation; an answer is kept only if its request
 * began in the generation still current when it arrives, so a read that was in flight
 * across a sign-out or sign-in is never written into the next account's cache.
 */
export class AccountGate {
  private generation = 0;

  /** Another account (or none) is signed in now. */
  change(): void {
    this.generation++;
  }

  /** The Workbox plugin for the reads cache: stamps each request, keeps what mayKeep allows and the gate lets through. */
  plugin(): WorkboxPlugin {
    return {
      requestWillFetch: async ({ request, state }) => {
        if (state) state.generation = this.generation;
        return request;
      },
      cacheWillUpdate: async ({ response, state }) => (state?.generation === this.generation && mayKeep(response) ? response : null),
    };
  }
}

/** The plugin for the shared caches (catalog, pictures): what mayKeep allows. */
export const keepPlugin: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (mayKeep(response) ? response : null),
};
