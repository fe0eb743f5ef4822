import { MESSAGES } from '../api/contract';
/*
 * What the app knows about its connection: the browser's own online flag, and whether the
 * last API request got through at all (a request the network failed, with the browser
 * still "online": a captive portal, the server away). The API client reports each request;
 * the offline banner reads it.
 */

/** What a write says when there is no connection to make it with. */
export const OFFLINE_WRITE = MESSAGES.offlineWrite;

/** What a read says offline when the app kept no copy of it (a page never opened online). */
export const OFFLINE_UNSAVED = MESSAGES.offlineUnsaved;

export type NetworkState = 'online' | 'offline' | 'unreachable';

let unreachable = false;
const listeners = new Set<() => void>();

function notify() {
  for (const l of listeners) l();
}

/** The browser says it has no network at all. */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The API client saw a request through (ok) or saw the network fail it (not ok). */
export function noteRequest(ok: boolean): void {
  if (unreachable === !ok) return;
  unreachable = !ok;
  notify();
}

export function networkState(): NetworkState {
  if (browserOffline()) return 'offline';
  return unreachable ? 'unreachable' : 'online';
}

/** Calls onChange when networkState may have changed; returns the unsubscribe. */
export function subscribeNetwork(onChange: () => void): () => void {
  listeners.add(onChange);
  const back = () => {
    // Coming back online is a fresh start: the next request says how it goes.
    unreachable = false;
    onChange();
  };
  window.addEventListener('online', back);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', back);
    window.removeEventListener('offline', onChange);
  };
}

/** A write the network failed while the browser has no connection: OFFLINE_WRITE says so. */
export class OfflineWriteError extends Error {
  constructor() {
    super(OFFLINE_WRITE);
    this.name = 'OfflineWriteError';
  }
}

/**
 * fetch, reporting to the connection state: a network failure marks the server
 * unreachable, any answer marks it reachable; a write that fails while the browser is
 * offline becomes an OfflineWriteError.
 */
export async function trackedFetch(request: Request, fetcher: (r: Request) => Promise<Response>): Promise<Response> {
  try {
    const response = await fetcher(request);
    noteRequest(true);
    return response;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    noteRequest(false);
    if (request.method !== 'GET' && request.method !== 'HEAD' && browserOffline()) throw new OfflineWriteError();
    throw err;
  }
}
