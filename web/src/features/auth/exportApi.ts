import { ApiError, toApiError } from '../../api/client';
import { MESSAGES } from '../../api/contract';

export const EXPORT_FAILED = MESSAGES.exportFailed;

/** Downloads GET /api/me/export as a file through the browser. */
export async function downloadMyData(): Promise<void> {
  let res: Response;
  try {
    res = await globalThis.fetch('/api/me/export', { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network', EXPORT_FAILED);
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => undefined);
    throw toApiError(res, body, EXPORT_FAILED);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'castaway-export.json';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
