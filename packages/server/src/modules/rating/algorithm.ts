/**
 * Codeforces' rating formula, as Mike Mirzayanov published it ("Open Codeforces Rating System",
 * October 2015) with the reference code of that post:
 *
 * 1. P(i beats j) = 1 / (1 + 10^((r[j] - r[i]) / 400)) (Elo).
 * 2. seed[i] = 1 + sum over j != i of P(j beats i): the expected place.
 * 3. Tied contestants all take the LAST place of their tie (the post's reassignRanks: ranks 1, 3, 3
 *    for a tie on second place), and m[i] = sqrt(rank[i] * seed[i]) (geometric mean).
 * 4. R[i] = the integer rating (binary search over 1..8000) at which contestant i's seed would be
 *    m[i]; d[i] = trunc((R[i] - r[i]) / 2).
 * 5. Sum correction: inc = trunc(-sum(d) / n) - 1, added to every d (the sum becomes about -n).
 * 6. Anti-inflation: the s = min(n, 4 * round(sqrt(n))) highest rated: inc = min(max(trunc(-sum of
 *    their d / s), -10), 0), added to every d.
 *
 * Newcomers start at 1500 (INITIAL_RATING). The seed of step 4 leaves the contestant out (the
 * post's words: "the rating R such that seed[i] = m[i]"; its code counts the contestant against
 * themselves too, which shifts every R by a few points). `performance` is R[i] of step 4 (the
 * reference code's needRating): the rating at which the contestant's result would have been expected.
 */

export const INITIAL_RATING = 1500;
const LOW = 1;
const HIGH = 8000;

export interface RatingContestant {
  uid: number;
  /** The place in the final standings (1-based; equal results share the first place of their tie, as the scoreboard numbers them). */
  rank: number;
  /** The rating before the contest; null for a first rated contest (INITIAL_RATING). */
  rating: number | null;
}

export interface RatingChange {
  uid: number;
  /** The place used by the formula: the last place of a tie. */
  rank: number;
  oldRating: number;
  newRating: number;
  delta: number;
  seed: number;
  performance: number;
  isFirst: boolean;
}

/** P(a beats b) for ratings a and b. */
export const winProbability = (a: number, b: number) => 1 / (1 + 10 ** ((b - a) / 400));

/**
 * Expected places against a field of ratings, memoised per integer rating: the seed of a
 * contestant rated R is 1 + sum over everyone of P(them beating R), minus their own term. Built
 * over the distinct ratings, so 5,000 contestants cost far less than 5,000² probabilities.
 */
class Field {
  private readonly distinct: [rating: number, count: number][];
  private readonly memo = new Map<number, number>();
  constructor(ratings: readonly number[]) {
    const m = new Map<number, number>();
    for (const r of ratings) m.set(r, (m.get(r) ?? 0) + 1);
    this.distinct = [...m];
  }
  /** 1 + sum over all contestants of P(contestant beats a player rated r). */
  private all(r: number): number {
    let s = this.memo.get(r);
    if (s === undefined) {
      s = 1;
      for (const [x, n] of this.distinct) s += n * winProbability(x, r);
      this.memo.set(r, s);
    }
    return s;
  }
  /** The expected place of a player rated r among everyone but the contestant rated `self`. */
  seed(r: number, self: number): number {
    return this.all(r) - winProbability(self, r);
  }
  /** The largest rating in [LOW, HIGH) whose seed (without `self`) is still at least `place` (the reference code's getRatingToRank). */
  ratingForPlace(self: number, place: number): number {
    let left = LOW;
    let right = HIGH;
    while (right - left > 1) {
      const mid = Math.floor((left + right) / 2);
      if (this.seed(mid, self) < place) right = mid;
      else left = mid;
    }
    return left;
  }
}

/**
 * Standings places as the formula takes them: a tie is given the last place of the tie
 * (scoreboard ranks 1, 2, 2, 4 become 1, 3, 3, 4). `ranks` are scoreboard ranks (first place of a tie).
 */
export function formulaPlaces(ranks: readonly number[]): number[] {
  const count = new Map<number, number>();
  for (const r of ranks) count.set(r, (count.get(r) ?? 0) + 1);
  return ranks.map((r) => r + (count.get(r)! - 1));
}

/** The rating changes of one contest. Empty input, empty output; the order of the input is kept. */
export function calculateRatings(contestants: readonly RatingContestant[]): RatingChange[] {
  const n = contestants.length;
  if (n === 0) return [];
  const places = formulaPlaces(contestants.map((c) => c.rank));
  const ratings = contestants.map((c) => c.rating ?? INITIAL_RATING);
  const field = new Field(ratings);
  const seeds = new Map<number, number>();
  const out: RatingChange[] = contestants.map((c, i) => {
    const r = ratings[i];
    let seed = seeds.get(r);
    if (seed === undefined) seeds.set(r, (seed = field.seed(r, r)));
    const need = field.ratingForPlace(r, Math.sqrt(places[i] * seed));
    return {
      uid: c.uid, rank: places[i], oldRating: ratings[i], newRating: 0, delta: Math.trunc((need - ratings[i]) / 2), seed,
      performance: need, isFirst: c.rating == null,
    };
  });
  // Step 5: the sum of the changes about zero (slightly below).
  const sum = out.reduce((s, c) => s + c.delta, 0);
  const inc = Math.trunc(-sum / n) - 1;
  for (const c of out) c.delta += inc;
  // Step 6: the top 4·√n by rating may not gain together.
  const byRating = [...out].sort((a, b) => b.oldRating - a.oldRating);
  const s = Math.min(n, 4 * Math.round(Math.sqrt(n)));
  const topSum = byRating.slice(0, s).reduce((acc, c) => acc + c.delta, 0);
  const topInc = Math.min(Math.max(Math.trunc(-topSum / s), -10), 0);
  for (const c of out) {
    c.delta += topInc;
    c.newRating = c.oldRating + c.delta;
  }
  return out;
}
