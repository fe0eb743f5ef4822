import { useQuery } from '@tanstack/react-query';
import { ApiError, api, request, retryRead } from '../../../api/client';
import { queryKeys } from '../../../api/queryKeys';
import type { components } from '../../../api/schema.gen';
import { MESSAGES } from '../../../api/contract';

export type Consensus = components['schemas']['Consensus'];
export type ConsensusEntry = components['schemas']['ConsensusEntry'];

export const CONSENSUS_ERROR = MESSAGES.consensusFailed;

/** The community's ranking of a season's cast, or of the seasons when seasonId is null. */
export function useConsensus(seasonId: string | null) {
  return useQuery({
    queryKey: queryKeys.consensus(seasonId ?? ''),
    queryFn: ({ signal }) =>
      seasonId === null
        ? request(() => api.GET('/api/seasons/consensus', { signal }), CONSENSUS_ERROR)
        : request(() => api.GET('/api/seasons/{seasonId}/consensus', { params: { path: { seasonId } }, signal }), CONSENSUS_ERROR),
    retry: retryRead(1, (err) => err instanceof ApiError && err.status === 404),
  });
}
