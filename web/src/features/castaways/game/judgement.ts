import { MESSAGES, formatMessage } from '../../../api/contract';
import { ordinal } from '../../../lib/ordinal';

/** Confessionals against what an even edit would have given: '42 confessionals, 31 expected: +35%'; '' without an expectation. */
export function confessionalsText(count: number, expected: number): string {
  if (!(expected > 0)) return count > 0 ? String(count) : '';
  const change = Math.round(((count - expected) / expected) * 100);
  const difference = `${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)}%`;
  const values = { expected: Math.round(expected), difference };
  return count === 1 ? formatMessage(MESSAGES.gameConfessionalOne, values) : formatMessage(MESSAGES.gameConfessionals, { ...values, count });
}

/** Where a place sits in its field, 0 the top and 1 the bottom, so places out of fields of different sizes compare. */
const depth = (place: number, of: number) => (of > 1 ? (place - 1) / (of - 1) : 0);

/** How far apart the fans' and the game's places must sit, as a share of the field, to call it over- or underrated. */
const APART = 0.15;

export type Verdict = 'overrated' | 'underrated' | 'agreed';

/** Fans ranking them well above (overrated) or below (underrated) the game's score; otherwise they agree. */
export function verdict(fans: { place: number; of: number }, game: { place: number; of: number }): Verdict {
  const gap = depth(game.place, game.of) - depth(fans.place, fans.of);
  return gap > APART ? 'overrated' : gap < -APART ? 'underrated' : 'agreed';
}

export const VERDICT_TEXT: Record<Verdict, string> = {
  overrated: MESSAGES.gameOverrated,
  underrated: MESSAGES.gameUnderrated,
  agreed: MESSAGES.gameAgreed,
};

/** 'Fans rank them 3rd of 18, the game scores them 11th.' */
export function fansVsGameText(fans: { place: number; of: number }, game: { place: number }): string {
  return formatMessage(MESSAGES.gameFansVsGame, { fans: ordinal(fans.place), ranked: fans.of, game: ordinal(game.place) });
}

/** 'The game scores them 11th of 20; fans have not ranked them in this season yet.' */
export function gameOnlyText(game: { place: number; of: number }): string {
  return formatMessage(MESSAGES.gameOnlyGame, { game: ordinal(game.place), cast: game.of });
}

/** A survivoR score (0 to 1) out of 100. */
export const outOf100 = (score: number) => `${Math.round(score * 100)} / 100`;
