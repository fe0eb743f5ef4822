import createClient from 'openapi-fetch';
import type { components, paths } from './schema.gen';

export type Catalog = components['schemas']['Catalog'];
export type Season = components['schemas']['Season'];
export type CatalogContestant = components['schemas']['CatalogContestant'];
export type ApiErrorBody = components['schemas']['Error'];

/** The origin the API lives on: the page's own origin (the Go server serves both). */
export const apiBase = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

/**
 * The typed API client. `fetch` is looked up on every call (not captured once) so tests can
 * replace `globalThis.fetch` with a mock of the server's responses.
 */
export const api = createClient<paths>({
  baseUrl: apiBase,
  credentials: 'same-origin',
  fetch: (request: Request) => globalThis.fetch(request),
});

/** An error the server explained with its `{error: {code, message}}` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const inner = (value as { error: unknown }).error;
  return typeof inner === 'object' && inner !== null && 'message' in inner;
}

/** Turns an openapi-fetch failure into an ApiError with the server's message when it sent one. */
export function toApiError(response: Response, body: unknown, fallback: string): ApiError {
  if (isErrorBody(body)) {
    return new ApiError(response.status, body.error.code, body.error.message);
  }
  return new ApiError(response.status, 'http_' + String(response.status), fallback);
}
