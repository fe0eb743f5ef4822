import type { ReactNode } from 'react';
import { useLater } from '../lib/later';

/** Its children in a slice of their own as the app starts (lib/later), nothing there until then; at once afterwards. */
export function Later({ children }: { children: ReactNode }) {
  return useLater() ? children : null;
}
