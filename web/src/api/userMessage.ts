import { ApiError } from './client';

/**
 * The text to show for a failed request: the server's own message for a 4xx answer (it
 * carries the product's exact wording), a write tried offline's "needs a connection", a
 * read offline that was never kept's "not saved for reading offline", otherwise (network
 * failure, 5xx) the spec's failure text for the action.
 */
export function userMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message !== '') {
    return err.message;
  }
  if (err instanceof ApiError && (err.code === 'offline' || err.code === 'unsaved')) return err.message;
  return fallback;
}
