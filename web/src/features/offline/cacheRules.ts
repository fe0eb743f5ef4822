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
 * Whether an answer may be kept: only a whole 200 the server marked public, i.e. the same for
 * everyone who asks (a visitor's read, the catalog, pictures). Offline nobody can tell whether
 * the fan who read something is still signed in (they may have signed out everywhere from
 * another device), so nothing that only its reader may see is ever kept: not a signed-in
 * fan's reads, which the server marks private (their private lists, votes, favorites,
 * follows, blocks), nor a personal answer (no-store).
 */
export function mayKeep(response: Response): boolean {
  if (response.status !== 200 || response.type === 'opaque' || shieldCut(response)) return false;
  const directives = (response.headers.get('Cache-Control') ?? '').toLowerCase().split(',').map((d) => d.trim());
  return directives.includes('public') && !directives.includes('no-store') && !directives.includes('private');
}

/** The header the server marks an answer cut by the spoiler shield with (internal/server ShieldHeader). */
export const SHIELD_HEADER = 'Castaway-Shield';

/**
 * Whether the spoiler shield cut the answer (the reader is behind on a season): never kept,
 * and no copy of the same read either, as everyone's copy holds what the fan has not seen.
 */
export function shieldCut(response: Response): boolean {
  return response.headers.get(SHIELD_HEADER) === 'cut';
}

/** Answers that say the reader may not read this (any more): a copy kept before is dropped. */
const GONE = new Set([401, 403, 404, 410]);

/**
 * What the reads cache does with an answer from the network: keep it; keep the visitor's
 * copy of the same read instead (a signed-in fan's own answer is private: what every visitor
 * sees of it is what stays readable offline); drop the copy kept before (the list went
 * private or away, the visitor's copy is not public, or the spoiler shield cut the answer:
 * everyone's copy would show the fan what they have not seen); or leave the cache as it is
 * (a failure says nothing about the read).
 */
export function afterAnswer(response: Response, asVisitor: boolean): 'keep' | 'visitorCopy' | 'drop' | 'leave' {
  if (mayKeep(response)) return 'keep';
  if (response.status === 200) return asVisitor || shieldCut(response) ? 'drop' : 'visitorCopy';
  return GONE.has(response.status) ? 'drop' : 'leave';
}

/** The same read without the fan's cookies: what any visitor gets. */
export function visitorRequest(request: Request): Request {
  return new Request(request.url, { credentials: 'omit', headers: { Accept: request.headers.get('Accept') ?? 'application/json' } });
}

/** What the reads cache is told to do beside the strategy: fetch and keep a request, or drop a copy. */
export interface ReadsCache {
  keep(request: Request, event: ExtendableEvent): Promise<unknown>;
  drop(request: Request): Promise<unknown>;
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

  /**
   * The Workbox plugin for the reads cache: stamps each request, keeps what mayKeep allows and
   * the gate lets through, and for a signed-in fan's own answer keeps the visitor's copy.
   */
  plugin(reads: ReadsCache): WorkboxPlugin {
    return {
      requestWillFetch: async ({ request, state }) => {
        if (state) state.generation = this.generation;
        return request;
      },
      fetchDidSucceed: async ({ request, response, event, state }) => {
        if (state?.generation !== this.generation) return response;
        const next = afterAnswer(response, request.credentials === 'omit');
        if (next === 'visitorCopy') event.waitUntil(reads.keep(visitorRequest(request), event));
        else if (next === 'drop') event.waitUntil(reads.drop(request));
        return response;
      },
      cacheWillUpdate: async ({ response, state }) => (state?.generation === this.generation && mayKeep(response) ? response : null),
    };
  }
}

/** The plugin for the shared caches (catalog, pictures): what mayKeep allows. */
export const keepPlugin: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (mayKeep(response) ? response : null),
};
