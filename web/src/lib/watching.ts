import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../api/client';
import { useCatalog } from '../api/catalog';
import { MESSAGES } from '../api/contract';
import { queryKeys } from '../api/queryKeys';
import { useMe } from './session';

/**
 * How far a fan has watched each season: season id → the last episode seen (0: not
 * started). A season it lacks is finished, or was never set, and shows everything. Signed
 * in it is the account's (GET/PUT /api/me/watching, and the server cuts the game by it);
 * signed out it is kept in this browser and sent with each game request.
 */
export type Progress = Readonly<Record<string, number>>;

const KEY = 'castaway.watching';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: Progress } = { raw: null, value: {} };

function readLocal(): Progress {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    // No storage: nothing kept, everything shown.
  }
  if (raw === cached.raw) return cached.value;
  let value: Progress = {};
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (parsed && typeof parsed === 'object') {
      value = Object.fromEntries(Object.entries(parsed).filter(([, n]) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 99)) as Progress;
    }
  } catch {
    value = {};
  }
  cached = { raw, value };
  return value;
}

function writeLocal(p: Progress): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    // No storage: the choice lasts until the page is left.
  }
  listeners.forEach((fn) => fn());
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) fn();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in fan's stored progress. */
function useStoredProgress(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: queryKeys.watching,
    queryFn: async ({ signal }) => {
      const data = await request(() => api.GET('/api/me/watching', { signal }), MESSAGES.watchingLoadFailed);
      return Object.fromEntries(data.seasons.map((s) => [s.seasonId, s.upTo])) as Progress;
    },
    staleTime: 60 * 1000,
  });
}

export interface Watching {
  progress: Progress;
  /** The account's progress (the server applies it itself) rather than this browser's. */
  signedIn: boolean;
  /** Signed in and the stored progress is not read yet: the game waits for it. */
  pending: boolean;
  /** Sets how far the fan is in a season: null is finished (nothing hidden). */
  setSeason: (seasonId: string, upTo: number | null) => Promise<void>;
  /** Puts p in place of everything ("I've seen everything" is {}; its undo the old one). */
  replace: (p: Progress) => Promise<void>;
  saving: boolean;
  error: Error | null;
}

/** The fan's watch progress and how to change it. */
export function useWatching(): Watching {
  const session = useMe();
  const signedIn = session.isSignedIn;
  const local = useSyncExternalStore(subscribe, readLocal, () => cached.value);
  const stored = useStoredProgress(signedIn);
  const queryClient = useQueryClient();
  const after = useCallback(
    (p: Progress) => {
      queryClient.setQueryData(queryKeys.watching, p);
      void queryClient.invalidateQueries({ queryKey: queryKeys.game.all });
    },
    [queryClient],
  );
  const mutation = useMutation({
    mutationFn: async ({ seasonId, upTo, all }: { seasonId?: string; upTo?: number | null; all?: Progress }) => {
      if (all) {
        const seasons = Object.entries(all).map(([id, n]) => ({ seasonId: id, upTo: n }));
        await request(() => api.PUT('/api/me/watching', { body: { seasons } }), MESSAGES.watchingFailed);
        return all;
      }
      const id = seasonId ?? '';
      await request(() => api.PUT('/api/me/watching/{seasonId}', { params: { path: { seasonId: id } }, body: { upTo: upTo ?? null } }), MESSAGES.watchingFailed);
      const next: Record<string, number> = { ...(queryClient.getQueryData<Progress>(queryKeys.watching) ?? {}) };
      if (upTo === null || upTo === undefined) delete next[id];
      else next[id] = upTo;
      return next as Progress;
    },
    onSuccess: after,
  });
  const progress = signedIn ? (stored.data ?? {}) : local;
  const setSeason = async (seasonId: string, upTo: number | null) => {
    if (signedIn) {
      await mutation.mutateAsync({ seasonId, upTo });
      return;
    }
    const next: Record<string, number> = { ...local };
    if (upTo === null) delete next[seasonId];
    else next[seasonId] = upTo;
    writeLocal(next);
  };
  const replace = async (p: Progress) => {
    if (signedIn) {
      await mutation.mutateAsync({ all: p });
      return;
    }
    writeLocal(p);
  };
  return {
    progress,
    signedIn,
    pending: session.isLoading || (signedIn && stored.isPending),
    setSeason,
    replace,
    saving: mutation.isPending,
    error: mutation.error,
  };
}

/** The castaways of every season the fan has not finished (a castaway who played several counts in each). */
export function useUnfinishedCastaways(): ReadonlySet<string> {
  const { progress } = useWatching();
  const catalog = useCatalog();
  return useMemo(() => {
    const ids = new Set<string>();
    for (const season of catalog.data?.seasons ?? []) {
      if (progress[season.id] === undefined) continue;
      for (const c of season.contestants) ids.add(c.id);
    }
    return ids;
  }, [catalog.data, progress]);
}

/** Whether items rank castaways of a season the fan has not finished (a list so stays blurred until revealed). */
export function ranksUnfinished(items: readonly { id: string; isSeason: boolean }[], unfinished: ReadonlySet<string>): boolean {
  return items.some((i) => !i.isSeason && unfinished.has(i.id));
}
