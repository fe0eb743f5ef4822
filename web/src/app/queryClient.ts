import { MutationCache, QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { applySessionGone } from '../features/auth/authApi';
import { isSessionGone } from '../lib/sessionGone';
import { retryRead } from '../api/client';

// Offline, a read still asks once: the service worker may answer from what this browser saw
// before (src/sw.ts). A write runs and fails at once, saying it needs a connection
// (api/client), rather than waiting silently to fire whenever one is back.
const APP_DEFAULTS: DefaultOptions = {
  queries: { refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'offlineFirst', retry: retryRead(3) },
  mutations: { networkMode: 'always' },
};

/** The app's query client; tests pass their own defaults (no retries) and keep its rules. */
export function createQueryClient(defaultOptions: DefaultOptions = APP_DEFAULTS): QueryClient {
  // The first read or write the server answers 'not signed in' signs the app out, wherever
  // it came from: a session ended on another device must not leave this one looking signed in.
  const onError = (err: unknown) => {
    if (isSessionGone(err)) applySessionGone(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions,
  });
  return client;
}
