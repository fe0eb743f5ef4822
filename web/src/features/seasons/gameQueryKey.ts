import { queryKeys } from '../../api/queryKeys';

/**
 * The key of the TanStack Query holding GET /api/seasons/{seasonId}/game: the season page
 * reads the game under it, and useSeasonGameStream invalidates it when the game changes.
 * It lives in the shared queryKeys, so the moderators' tab recording a boot (another
 * feature) writes the same entry.
 */
export const gameQueryKey = queryKeys.game.season;
