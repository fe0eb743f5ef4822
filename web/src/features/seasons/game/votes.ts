import type { GameCouncil, GameVote } from './gameApi';

/** The votes cast for one castaway in one round; nullified ones (an idol played) apart from the ones that counted. */
export interface VoteGroup {
  target: string;
  nullified: boolean;
  votes: GameVote[];
}

/** One round of a council: the first vote, or a revote after a tie. */
export interface Round {
  round: number;
  tie: boolean;
  groups: VoteGroup[];
  /** Castaways who cast no vote this round, each with what stopped them (a lost vote, a fire challenge, a shot in the dark). */
  without: GameVote[];
}

/** A council's votes by round, each round's votes grouped by whom they were for, the most votes first. */
export function roundsOf(council: GameCouncil): Round[] {
  const rounds = new Map<number, Round>();
  for (const v of council.votes) {
    let r = rounds.get(v.round);
    if (!r) rounds.set(v.round, (r = { round: v.round, tie: false, groups: [], without: [] }));
    if (v.tie) r.tie = true;
    if (!v.target) {
      r.without.push(v);
      continue;
    }
    const nullified = v.nullified === true;
    let g = r.groups.find((x) => x.target === v.target && x.nullified === nullified);
    if (!g) r.groups.push((g = { target: v.target, nullified, votes: [] }));
    g.votes.push(v);
  }
  for (const r of rounds.values()) r.groups.sort((a, b) => Number(a.nullified) - Number(b.nullified) || b.votes.length - a.votes.length);
  return [...rounds.values()].sort((a, b) => a.round - b.round);
}

/** Who was safe at the council and how ('Individual', 'Hidden'), each castaway once. */
export function immuneAt(council: GameCouncil): { castaway: string; immunity: string }[] {
  const seen = new Map<string, string>();
  for (const v of council.votes) if (v.immunity && !seen.has(v.voter)) seen.set(v.voter, v.immunity);
  return [...seen].map(([castaway, immunity]) => ({ castaway, immunity }));
}

/** A twist on a vote, in words: 'Steal a vote: Extra vote'. */
export function eventText(v: GameVote): string {
  return [v.event, v.outcome].filter(Boolean).join(': ');
}
