import type { Progress } from '../../../lib/watching';
import type { GamePerson } from './castawayGameApi';

/**
 * Which of a castaway's seasons (in the order they aired) the page may name, and which it
 * cuts: a season the fan has not finished is cut at their episode, and the seasons after it
 * are withheld (a return tells how far they went). The server's answer says so once it is
 * in; until then the fan's progress does. revealed is every season shown whole.
 */
export function shieldedSeasons(seasonIds: string[], progress: Progress, game: GamePerson | undefined, revealedAll: boolean) {
  if (revealedAll) return { shown: seasonIds, cut: new Set<string>(), withheld: 0 };
  if (game) {
    const cut = new Set((game.shield?.seasons ?? []).map((s) => s.season));
    const withheld = game.shield?.withheld ?? 0;
    if (withheld === 0) return { shown: seasonIds, cut, withheld };
    const played = new Set(game.seasons.map((s) => s.season));
    return { shown: seasonIds.filter((id) => played.has(id)), cut, withheld };
  }
  const first = seasonIds.findIndex((id) => progress[id] !== undefined);
  if (first < 0) return { shown: seasonIds, cut: new Set<string>(), withheld: 0 };
  return { shown: seasonIds.slice(0, first + 1), cut: new Set([seasonIds[first]]), withheld: seasonIds.length - first - 1 };
}
