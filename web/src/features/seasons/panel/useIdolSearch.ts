import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../api/client';
import { queryKeys } from '../../../api/queryKeys';
import { useShowFor } from '../../../components/useShowFor';
import { useMe, type Me } from '../../auth/useMe';

export const IDOL_NOTICE_MS = 3000;

/** Signed in, opening a season searches for a hidden immunity idol (a 5% chance, decided by the server). */
export function useIdolSearch() {
  const { isSignedIn } = useMe();
  const queryClient = useQueryClient();
  const [found, showFound] = useShowFor<true>(IDOL_NOTICE_MS);
  const mutation = useMutation({
    mutationFn: (seasonId: string) => request(() => api.POST('/api/me/idols/search', { body: { seasonId } }), 'Idol search failed.'),
    onSuccess: (result) => {
      if (!result.found) return;
      showFound(true);
      queryClient.setQueryData<Me | null>(queryKeys.me, (me) => (me ? { ...me, idolsFound: result.idolsFound } : me));
    },
    onError: (err) => console.warn('idol search failed', err),
  });
  function search(seasonId: string) {
    if (isSignedIn) mutation.mutate(seasonId);
  }
  return { found: found !== null, search };
}
