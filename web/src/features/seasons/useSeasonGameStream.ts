import { useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLiveStream } from '../../api/liveStream';
import { gameQueryKey } from './gameQueryKey';
import { queryKeys } from '../../api/queryKeys';

export const GAME_STREAM_EVENT = 'game';

export function gameStreamPath(seasonId: string): string {
  return `/api/seasons/${encodeURIComponent(seasonId)}/game/stream`;
}

/**
 * Keeps the game of seasonId (the query under gameQueryKey) current while mounted: the
 * stream sends a 'game' event with the game's generation on connect and each time it
 * changes (a boot recorded while the season airs), and the query is read again when the
 * generation is not the one seen last. The first event of a connection only says where the
 * game stands, so the first of all is the game just read, and the first after a reconnect
 * (a dropped connection, a night offline: useLiveStream reopens the stream) catches up on
 * whatever changed in between.
 */
export function useSeasonGameStream(seasonId: string) {
  const queryClient = useQueryClient();
  const seen = useRef<{ seasonId: string; data: string } | null>(null);
  useLiveStream(gameStreamPath(seasonId), GAME_STREAM_EVENT, (data) => {
    const last = seen.current;
    seen.current = { seasonId, data };
    if (last !== null && last.seasonId === seasonId && last.data !== data) void reread(queryClient, seasonId);
  });
}

async function reread(queryClient: QueryClient, seasonId: string) {
  // The game's answer is revalidated by ETag on every read: the query's read gets the new game.
  // A change of the game may be a season added on air: the catalog is read again too.
  await Promise.all([queryClient.invalidateQueries({ queryKey: gameQueryKey(seasonId) }), queryClient.invalidateQueries({ queryKey: queryKeys.catalog })]);
}
