import { QueryClient } from '@tanstack/react-query';
import { retryRead } from '../api/client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Offline, a read still asks once: the service worker may answer from what this
      // browser saw before (src/sw.ts). A write runs and fails at once, saying it needs a
      // connection (api/client), rather than waiting silently to fire whenever one is back.
      queries: { refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'offlineFirst', retry: retryRead(3) },
      mutations: { networkMode: 'always' },
    },
  });
}
