import type { GamePhase, GameSeason } from './gameApi';

/** A tribe taking part in the game: the data files Exile and the Edge of Extinction under a tribe named 'None'. */
export const isTribe = (t: { name: string }) => t.name !== 'None';

/**
 * The phases a fan tells apart: the first, and each one whose tribes (by name and status)
 * differ from the last shown. The data has a phase each time anyone moved, which on Edge of
 * Extinction seasons is every episode.
 */
export function tribalPhases(phases: readonly GamePhase[]): GamePhase[] {
  const shown: GamePhase[] = [];
  let last = '';
  for (const p of phases) {
    const key = p.tribes
      .filter(isTribe)
      .map((t) => `${t.name}/${t.status}`)
      .sort()
      .join('|');
    if (key === last) continue;
    last = key;
    shown.push(p);
  }
  return shown;
}

/** 'Original tribes', 'Merged', 'Swapped', 'Mergatory' ...: what a phase is, from its tribes' statuses. */
export function phaseTitle(phase: GamePhase, index: number): string {
  if (index === 0) return 'Original tribes';
  const statuses = [...new Set(phase.tribes.filter(isTribe).map((t) => t.status.replace(/_\d+$/, '')))];
  return statuses.includes('Merged') ? 'Merged' : statuses.join(' · ');
}

/** A tribe's colour: the one of that name and status, else of that name. */
export function colourOf(game: GameSeason, name: string, status: string): string {
  return (game.tribes.find((t) => t.name === name && t.status === status) ?? game.tribes.find((t) => t.name === name))?.colour ?? 'transparent';
}
