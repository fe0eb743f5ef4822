/**
 * The sorter behind 'Rank by choosing': it builds a ranking from answers to "Who do you
 * rank higher?", asking as few questions as merge-insertion (Ford–Johnson) needs, so 18
 * entries take at most 54 questions and 20 at most 62.
 *
 * It keeps no state of its own: the next question is a pure function of the entries and
 * the answers so far, which is what a draft stores. Undo drops the last answer and asks
 * that question again; a reload replays the answers. An answer is remembered by the pair
 * it settled, so when 'Too close to call' joins two entries (they stay side by side from
 * then on) the run starts again over the groups and asks nothing it already knows.
 */

/** One answer: which of a and b the fan ranks higher, or null for 'Too close to call'. */
export interface Answer {
  a: string;
  b: string;
  winner: string | null;
}

export type SorterStep =
  | { kind: 'ask'; a: string; b: string; asked: number; left: number }
  | { kind: 'done'; order: string[] };

/** The most questions merge-insertion asks for n entries: the sum of ⌈log2(3k/4)⌉, k = 1..n. */
export function maxQuestions(n: number): number {
  let total = 0;
  for (let k = 1; k <= n; k++) total += Math.ceil(Math.log2((3 * k) / 4));
  return total;
}

/** The question to ask next, or the finished order (best first), given the answers so far. */
export function sorterStep(entries: readonly string[], answers: readonly Answer[]): SorterStep {
  const groups = joinTies(entries, answers);
  const groupOf = new Map<string, string[]>();
  for (const g of groups) for (const id of g) groupOf.set(id, g);
  // Each pair of groups' latest answer: true when the first group ranks higher.
  const known = new Map<string, boolean>();
  for (const { a, b, winner } of answers) {
    const ga = groupOf.get(a);
    const gb = groupOf.get(b);
    if (winner === null || !ga || !gb || ga === gb) continue;
    known.set(pairKey(head(ga), head(gb)), groupOf.get(winner) === ga);
    known.set(pairKey(head(gb), head(ga)), groupOf.get(winner) === gb);
  }
  let hits = 0;
  const higher = (x: string, y: string): boolean => {
    const k = known.get(pairKey(x, y));
    if (k === undefined) throw new Question(x, y);
    hits++;
    return k;
  };
  try {
    const heads = mergeInsertion(groups.map(head), higher);
    return { kind: 'done', order: heads.flatMap((h) => groupOf.get(h) ?? [h]) };
  } catch (e) {
    if (!(e instanceof Question)) throw e;
    return {
      kind: 'ask',
      a: e.a,
      b: e.b,
      asked: answers.length,
      left: Math.max(1, maxQuestions(groups.length) - hits),
    };
  }
}

/** Splits an order (best first) into tiers of as even sizes as quantiles give, best tier first. */
export function tiersByQuantile(order: readonly string[], tierCount: number): string[][] {
  const tiers: string[][] = Array.from({ length: tierCount }, () => []);
  order.forEach((id, i) => tiers[Math.floor((i * tierCount) / order.length)]?.push(id));
  return tiers;
}

class Question {
  constructor(
    readonly a: string,
    readonly b: string,
  ) {}
}

/** A group's first entry, which stands for it in the questions. */
function head(group: readonly string[]): string {
  return group[0] ?? '';
}

function pairKey(x: string, y: string): string {
  return `${x}\u0000${y}`;
}

/** The entries as groups, in entry order, each tie joining b's group after a's. */
function joinTies(entries: readonly string[], answers: readonly Answer[]): string[][] {
  const groupOf = new Map<string, string[]>(entries.map((id) => [id, [id]]));
  for (const { a, b, winner } of answers) {
    const ga = groupOf.get(a);
    const gb = groupOf.get(b);
    if (winner !== null || !ga || !gb || ga === gb) continue;
    ga.push(...gb);
    for (const id of gb) groupOf.set(id, ga);
  }
  const seen = new Set<string[]>();
  const out: string[][] = [];
  for (const id of entries) {
    const g = groupOf.get(id);
    if (g && !seen.has(g)) {
      seen.add(g);
      out.push(g);
    }
  }
  return out;
}

/**
 * Ford–Johnson merge-insertion, best first. higher(x, y) tells whether x ranks above y.
 * Pairs are compared, their winners sorted recursively, then the losers inserted by
 * binary search in the Jacobsthal order that keeps every search within 2^k - 1 places.
 */
function mergeInsertion(items: string[], higher: (x: string, y: string) => boolean): string[] {
  if (items.length <= 1) return items.slice();
  const partner = new Map<string, string>(); // winner -> loser
  const winners: string[] = [];
  const pairs = Math.floor(items.length / 2);
  for (let i = 0; i < pairs; i++) {
    const x = items[2 * i] ?? '';
    const y = items[2 * i + 1] ?? '';
    const [w, l] = higher(x, y) ? [x, y] : [y, x];
    winners.push(w);
    partner.set(w, l);
  }
  const leftover = items.length % 2 === 1 ? items.at(-1) : undefined;
  // Best first, so the chain ends with the weakest winner and its loser goes after it.
  const sorted = mergeInsertion(winners, higher);
  const loserOf = (w: string) => partner.get(w) ?? '';
  const chain = [...sorted, loserOf(sorted.at(-1) ?? '')];
  // pend[i] is the loser of the i-th weakest winner (i = 1..), bounded by that winner.
  const pend: { id: string; bound: string | undefined }[] = sorted
    .slice(0, -1)
    .reverse()
    .map((w) => ({ id: loserOf(w), bound: w }));
  if (leftover !== undefined) pend.push({ id: leftover, bound: undefined });
  for (const i of insertionOrder(pend.length)) {
    const { id, bound } = pend[i] ?? { id: '', bound: undefined };
    // The loser ranks below its winner: search only the chain after it.
    let lo = bound === undefined ? 0 : chain.indexOf(bound) + 1;
    let hi = chain.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (higher(id, chain[mid] ?? '')) hi = mid;
      else lo = mid + 1;
    }
    chain.splice(lo, 0, id);
  }
  return chain;
}

/**
 * The order to insert n pending losers in (0-based, the weakest winners' first): groups
 * ending at Jacobsthal numbers 3, 5, 11, 21, 43 ... (counting the one already placed as
 * the first), each inserted from its end back.
 */
function insertionOrder(n: number): number[] {
  const out: number[] = [];
  let done = 1; // the 1-based index of the last pending element placed (the first is in the chain)
  let prev = 1;
  let cur = 3; // Jacobsthal: t_k = t_{k-1} + 2 t_{k-2}
  while (done < n + 1) {
    const end = Math.min(cur, n + 1);
    for (let j = end; j > done; j--) out.push(j - 2);
    done = end;
    [prev, cur] = [cur, cur + 2 * prev];
  }
  return out;
}
