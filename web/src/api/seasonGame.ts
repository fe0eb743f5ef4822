import { useQuery } from '@tanstack/react-query';
import { ApiError, api, request, retryRead } from './client';
import { queryKeys } from './queryKeys';
import { MESSAGES } from './contract';

const GAME_ERROR = MESSAGES.gameFailed;

/**
 * What happened in a season, as the fan may see it: upTo is the last episode they have
 * seen (undefined: everything), reveal what they asked to see anyway ('winner,boot:4',
 * 'all'). Signed in, the server cuts by the stored progress itself; signed out, the app
 * sends its own.
 */
export function useSeasonGame(seasonId: string, shield: { upTo?: number; reveal?: string; signedIn?: boolean; enabled?: boolean } = {}) {
  const { upTo, reveal = '', signedIn = false, enabled = true } = shield;
  const plain = upTo === undefined && reveal === '';
  return useQuery({
    enabled,
    queryKey: plain ? queryKeys.game.season(seasonId) : queryKeys.game.shielded(seasonId, upTo ?? -1, reveal),
    queryFn: ({ signal }) => {
      const query: { upTo?: number; reveal?: string } = {};
      if (upTo !== undefined && !signedIn) query.upTo = upTo;
      if (reveal !== '') query.reveal = reveal;
      return request(() => api.GET('/api/seasons/{seasonId}/game', { params: { path: { seasonId }, query }, signal }), GAME_ERROR);
    },
    // A reveal or a new episode reads again: the page keeps showing the season meanwhile.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === seasonId ? previous : undefined),
    staleTime: 10 * 60 * 1000,
    retry: retryRead(1, (err) => err instanceof ApiError && err.status === 404),
  });
}
