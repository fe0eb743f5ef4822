import { ApiError } from './client';

/**
 * The text to show for a failed request: the server's own message for a 4xx answer (it
 * carries the product's exact wording), otherwise (network failure, 5xx) the spec's
 * failure text for the action.
 */
export function userMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message !== '') {
    return err.message;
  }
  return fallback;
}
