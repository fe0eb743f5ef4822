import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { useShowFor } from '../useShowFor';
import { useMe, type Me } from '../../lib/session';
import { MESSAGES } from '../../api/contract';

export const IDOL_NOTICE_MS = 3000;
/** The spec's chance per season card click. A signed-in fan's roll is the server's (lists.IdolChance). */
export const IDOL_CHANCE = 0.05;

/** A find: counted on the fan's profile, or a signed-out visitor's, which only a sign-in would keep. */
export type IdolFind = 'counted' | 'signedOut';

/**
 * Opening a season searches for a hidden immunity idol (the spec's 5% chance). Signed in, the
 * server rolls and counts the find. Signed out there is nothing to count, so the page rolls
 * itself and the find invites the visitor to sign in.
 */
export function useIdolSearch() {
  const { isSignedIn, isLoading, unknown } = useMe();
  const queryClient = useQueryClient();
  const [found, showFound] = useShowFor<IdolFind>(IDOL_NOTICE_MS);
  const mutation = useMutation({
    mutationFn: (seasonId: string) => request(() => api.POST('/api/me/idols/search', { body: { seasonId } }), MESSAGES.idolSearchFailed),
    onSuccess: (result) => {
      if (!result.found) return;
      showFound('counted');
      queryClient.setQueryData<Me | null>(queryKeys.me, (me) => (me ? { ...me, idolsFound: result.idolsFound } : me));
    },
    onError: (err) => console.warn('idol search failed', err),
  });
  function search(seasonId: string) {
    if (isSignedIn) mutation.mutate(seasonId);
    else if (!isLoading && !unknown && Math.random() < IDOL_CHANCE) showFound('signedOut');
  }
  return { found, search };
}
