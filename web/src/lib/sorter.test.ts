import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Answer, maxQuestions, sorterStep, tiersByQuantile } from './sorter';

/** Answers every question from a hidden order (best first) until the sorter is done. */
function sortBy(truth: string[], entries: string[]): { order: string[]; answers: Answer[] } {
  const rank = new Map(truth.map((id, i) => [id, i]));
  const answers: Answer[] = [];
  for (;;) {
    const step = sorterStep(entries, answers);
    if (step.kind === 'done') return { order: step.order, answers };
    answers.push({ a: step.a, b: step.b, winner: rank.get(step.a)! < rank.get(step.b)! ? step.a : step.b });
    if (answers.length > 1000) throw new Error('the sorter never finished');
  }
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);

/** A cast of 1 to 24 and a hidden order of it. */
const castAndTruth = fc
  .integer({ min: 1, max: 24 })
  .chain((n) => fc.tuple(fc.constant(ids(n)), fc.shuffledSubarray(ids(n), { minLength: n, maxLength: n })));

describe('sorter', () => {
  it('knows the merge-insertion bounds the issue names', () => {
    expect(maxQuestions(18)).toBe(54);
    expect(maxQuestions(20)).toBe(62);
    expect([1, 2, 3, 4, 5].map(maxQuestions)).toEqual([0, 1, 3, 5, 7]);
  });

  it('returns the order consistent answers imply, within the bound', () => {
    fc.assert(
      fc.property(castAndTruth, ([entries, truth]) => {
        const { order, answers } = sortBy(truth, entries);
        expect(order).toEqual(truth);
        expect(answers.length).toBeLessThanOrEqual(maxQuestions(entries.length));
      }),
    );
  });

  it('takes at most 54 questions for every order of 18, and 62 for 20 (sampled)', () => {
    for (const n of [18, 20]) {
      fc.assert(
        fc.property(fc.shuffledSubarray(ids(n), { minLength: n, maxLength: n }), (truth) => {
          expect(sortBy(truth, ids(n)).answers.length).toBeLessThanOrEqual(maxQuestions(n));
        }),
        { numRuns: 300 },
      );
    }
  });

  it('undo asks exactly the question the dropped answer settled', () => {
    fc.assert(
      fc.property(castAndTruth, ([entries, truth]) => {
        const { answers } = sortBy(truth, entries);
        answers.forEach((answer, k) => {
          const step = sorterStep(entries, answers.slice(0, k));
          expect(step).toMatchObject({ kind: 'ask', a: answer.a, b: answer.b, asked: k });
        });
      }),
    );
  });

  it("keeps two entries side by side when they are 'too close to call'", () => {
    fc.assert(
      fc.property(castAndTruth, fc.nat(), ([entries, truth], pick) => {
        const rank = new Map(truth.map((id, i) => [id, i]));
        const answers: Answer[] = [];
        let tied: [string, string] | undefined;
        let step = sorterStep(entries, answers);
        while (step.kind === 'ask') {
          const { a, b } = step;
          // The first question past `pick` is answered 'Too close to call'.
          if (!tied && answers.length >= pick % Math.max(1, entries.length)) {
            tied = [a, b];
            answers.push({ a, b, winner: null });
          } else {
            answers.push({ a, b, winner: rank.get(a)! < rank.get(b)! ? a : b });
          }
          step = sorterStep(entries, answers);
          expect(answers.length).toBeLessThanOrEqual(1000);
        }
        expect([...step.order].sort()).toEqual([...entries].sort());
        if (tied) {
          expect(Math.abs(step.order.indexOf(tied[0]) - step.order.indexOf(tied[1]))).toBe(1);
        }
      }),
    );
  });

  it('never asks about the same pair twice, whatever the answers (the server bounds a draft by it)', () => {
    fc.assert(
      fc.property(castAndTruth, fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 400 }), ([entries], picks) => {
        const answers: Answer[] = [];
        const asked = new Set<string>();
        let step = sorterStep(entries, answers);
        for (let i = 0; step.kind === 'ask'; i++) {
          const { a, b } = step;
          const pair = [a, b].sort().join('|');
          expect(asked.has(pair)).toBe(false);
          asked.add(pair);
          // Any answer at all: either side, or too close to call, inconsistent as a fan may be.
          const pick = picks[i % Math.max(1, picks.length)] ?? 0;
          answers.push({ a, b, winner: pick === 2 ? null : pick === 0 ? a : b });
          step = sorterStep(entries, answers);
        }
        expect(answers.length).toBeLessThanOrEqual((entries.length * (entries.length - 1)) / 2);
      }),
    );
  });

  it('counts the questions left down to the last one', () => {
    const truth = ids(18).reverse();
    const { answers } = sortBy(truth, ids(18));
    const first = sorterStep(ids(18), []);
    expect(first).toMatchObject({ kind: 'ask', asked: 0, left: 54 });
    const lastStep = sorterStep(ids(18), answers.slice(0, -1));
    expect(lastStep.kind === 'ask' && lastStep.left).toBeGreaterThanOrEqual(1);
  });

  it('proposes tiers by quantiles, best first', () => {
    expect(tiersByQuantile(ids(7), 3)).toEqual([['c0', 'c1', 'c2'], ['c3', 'c4'], ['c5', 'c6']]);
    expect(tiersByQuantile(ids(2), 6).flat()).toEqual(['c0', 'c1']);
  });
});
