import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, api, request, retryRead } from '../../../api/client';
import { queryKeys } from '../../../api/queryKeys';
import { userMessage } from '../../../api/userMessage';
import type { components } from '../../../api/schema.gen';
import { MESSAGES } from '../../../api/contract';

export type GameSeason = components['schemas']['GameSeason'];
export type GameCastaway = components['schemas']['GameCastaway'];
export type SeasonOnAirInput = components['schemas']['SeasonOnAirInput'];
export type CastInput = SeasonOnAirInput['cast'][number];
export type BootInput = components['schemas']['BootInput'];
export type { Franchise } from '../../../lib/seasonDisplay';

/** What a record says when the server gives no message of its own (the server's own fallback). */
export const RECORD_FAILED = MESSAGES.moderationActionFailed;

/** A season's game (revalidated by ETag each read: the moderator must see the boots just recorded, here or by another). */
export function useSeasonGame(seasonId: string) {
  return useQuery({
    queryKey: queryKeys.game.season(seasonId),
    queryFn: ({ signal }) => request(() => api.GET('/api/seasons/{seasonId}/game', { params: { path: { seasonId } }, signal }), MESSAGES.onAirGameFailed),
    retry: retryRead(1, (err) => err instanceof ApiError && err.status === 404),
  });
}

/** Puts the game the server answered in place of the one read before. */
function keep(queryClient: QueryClient, season: GameSeason) {
  queryClient.setQueryData(queryKeys.game.season(season.id), season);
}

export function useAddSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SeasonOnAirInput) => request(() => api.POST('/api/moderation/seasons', { body }), RECORD_FAILED),
    onSuccess: async (season) => {
      keep(queryClient, season);
      // The browser keeps the catalog for minutes: past that cache, every page lists the season now.
      const catalog = await request(() => api.GET('/api/catalog/seasons', { cache: 'no-cache' }), MESSAGES.onAirSeasonsFailed).catch(() => null);
      if (catalog) queryClient.setQueryData(queryKeys.catalog, catalog);
    },
  });
}

/** A record or its undo; a refusal reads the game again (another moderator may have moved it on). */
function useGameRecord<T>(seasonId: string, run: (input: T) => Promise<GameSeason>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (season) => keep(queryClient, season),
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.game.season(seasonId) }),
  });
}

export function useRecordBoot(seasonId: string) {
  return useGameRecord(seasonId, (body: BootInput) =>
    request(() => api.POST('/api/moderation/seasons/{seasonId}/boots', { params: { path: { seasonId } }, body }), RECORD_FAILED),
  );
}

export function useUndoBoot(seasonId: string) {
  return useGameRecord(seasonId, () =>
    request(() => api.DELETE('/api/moderation/seasons/{seasonId}/boots/last', { params: { path: { seasonId } } }), RECORD_FAILED),
  );
}

/** A refusal's message and the request field it names ('' for none): the form shows it beside that field. */
export interface FieldError {
  field: string;
  text: string;
}

export function fieldError(err: unknown): FieldError {
  return { field: err instanceof ApiError ? (err.field ?? '') : '', text: userMessage(err, RECORD_FAILED) };
}

/** '1st', '2nd', '3rd', '4th', '11th', '21st'…: the boot order as results word it. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
