import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import type { components } from '../../api/schema.gen';
import { applySignedOut } from './authApi';
import { MESSAGES } from '../../api/contract';

export type SignedInSession = components['schemas']['SignedInSession'];
type MySessions = components['schemas']['MySessions'];

export const SESSIONS_FAILED = MESSAGES.sessionsLoadFailed;
export const END_FAILED = MESSAGES.signOutFailed;

// A 401 here means this browser's own session was ended elsewhere: the query client signs
// the app out (app/queryClient), and the page's guard sends the fan to sign in again.

/** GET /api/me/sessions: the signed-in user's sessions, the most recently used first. */
export function useMySessions() {
  return useQuery({
    queryKey: queryKeys.sessions,
    queryFn: ({ signal }) => request(() => api.GET('/api/me/sessions', { signal }), SESSIONS_FAILED),
  });
}

/** Ends one session; ending this browser's own signs it out here. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: SignedInSession) =>
      request(() => api.DELETE('/api/me/sessions/{sessionId}', { params: { path: { sessionId: s.id } } }), END_FAILED),
    onSuccess: (_, s) => {
      if (s.current) {
        applySignedOut(queryClient);
        return;
      }
      keepSessions(queryClient, (o) => o.id !== s.id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
    // Already ended elsewhere (404): show the list as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** Ends every session but this browser's. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(() => api.POST('/api/me/sessions/end-others'), END_FAILED),
    onSuccess: () => keepSessions(queryClient, (o) => o.current),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/**
 * Leaves only the sessions keep accepts in the list shown, so an ended row goes as the
 * page says it has, not when the list's refetch lands.
 */
function keepSessions(queryClient: QueryClient, keep: (s: SignedInSession) => boolean) {
  queryClient.setQueryData<MySessions>(queryKeys.sessions, (old) => old && { ...old, sessions: old.sessions.filter(keep) });
}

/** 'Chrome on Android', 'Firefox', 'Unknown browser on Windows', 'Unknown browser'. */
export function sessionLabel(s: Pick<SignedInSession, 'browser' | 'os'>): string {
  const browser = s.browser || 'Unknown browser';
  return s.os ? `${browser} on ${s.os}` : browser;
}

/** The address prefix as a fan reads it: '203.0.113.x' for an IPv4 /24, the IPv6 /48 as it is. */
export function networkLabel(network: string): string {
  if (!network) return 'Unknown network';
  const v4 = /^(\d+\.\d+\.\d+)\.0\/24$/.exec(network);
  return v4 ? `${v4[1]}.x` : network;
}

const DEVICE_NAMES: Record<SignedInSession['device'], string> = { computer: 'Computer', phone: 'Phone', tablet: 'Tablet', unknown: 'Device' };

export function deviceName(device: SignedInSession['device']): string {
  return DEVICE_NAMES[device] ?? 'Device';
}
