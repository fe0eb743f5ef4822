import createClient from 'openapi-fetch';
import { browserOffline, OFFLINE_UNSAVED, OFFLINE_WRITE, OfflineWriteError, trackedFetch } from '../lib/network';
import type { components, paths } from './schema.gen';

export type Catalog = components['schemas']['Catalog'];
export type Season = components['schemas']['Season'];
export type CatalogContestant = components['schemas']['CatalogContestant'];
export type ApiErrorBody = components['schemas']['Error'];

/** The origin the API lives on: the page's own origin (the Go server serves both). */
export const apiBase = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

/**
 * The typed API client. Requests go through `globalThis.fetch` at call time (not a reference
 * captured at start-up) so tests can replace fetch, and report whether the network let them
 * through (lib/network: the offline banner, and the sentence a write says offline).
 */
export const api = createClient<paths>({
  baseUrl: apiBase,
  credentials: 'same-origin',
  fetch: (request: Request) => trackedFetch(request, (r) => globalThis.fetch(r)),
});

/** A failed request: the server's `{error: {code, message, field?}}` for a 4xx, the action's text otherwise. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The request field the server's message is about, when it named one. */
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const inner = (value as { error: unknown }).error;
  return typeof inner === 'object' && inner !== null && 'message' in inner;
}

/**
 * Turns a failed answer into an ApiError. A 4xx keeps the server's message (it carries the
 * product's exact wording) and field; a 5xx says `fallback`, the spec's text for the action.
 */
export function toApiError(response: Response, body: unknown, fallback: string): ApiError {
  if (isErrorBody(body)) {
    const { code, message, field } = body.error;
    return new ApiError(response.status, code, response.status >= 500 || message === '' ? fallback : message, field);
  }
  return new ApiError(response.status, 'http_' + String(response.status), fallback);
}

/**
 * A query's retry rule: up to `times` more tries, none once the answer is final (`final`, e.g.
 * a 404), nor for a read offline the app never kept: reads run in networkMode 'offlineFirst',
 * so a retry would wait in silence for a connection instead of saying why the page is empty.
 */
export function retryRead(times: number, final?: (err: unknown) => boolean) {
  return (count: number, err: unknown): boolean => count < times && !(err instanceof ApiError && err.code === 'unsaved') && !(final?.(err) ?? false);
}

type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/**
 * Runs one openapi-fetch call and gives its data, or throws an ApiError: `fallback` is the
 * spec's failure text for the action, used for a network failure (status 0) or a 5xx; a
 * write attempted with no connection says so instead (code 'offline', OFFLINE_WRITE), and so
 * does a read that fails offline, which the service worker had no copy of (code 'unsaved',
 * OFFLINE_UNSAVED).
 * An aborted request rethrows the abort. A 204 answer gives undefined.
 *
 *   const list = await request(() => api.GET('/api/lists/{userId}/{listId}', { params }), 'Failed…');
 */
export async function request<T>(run: () => Promise<FetchResult<T>>, fallback: string): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await run();
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    if (err instanceof OfflineWriteError) throw new ApiError(0, 'offline', OFFLINE_WRITE);
    if (browserOffline()) throw new ApiError(0, 'unsaved', OFFLINE_UNSAVED);
    throw new ApiError(0, 'network', fallback);
  }
  if (!result.response.ok) throw toApiError(result.response, result.error, fallback);
  return result.data as T;
}
