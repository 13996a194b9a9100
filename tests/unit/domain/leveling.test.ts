import { describe, expect, it } from 'vitest';
import {
  differenceFromMedian,
  type LevelableBid,
  lowestAmountIds,
  shortestTimelineIds,
  sortBids,
  spreadOf,
} from '#domain/bid/leveling.ts';

const bid = (
  id: string,
  amountCents: number,
  timeline: number,
  rating: number,
  day: number,
): LevelableBid => ({
  id,
  amountCents,
  timeline,
  rating,
  createdAt: new Date(Date.UTC(2026, 10, day)),
});
const bids = [bid('a', 1_850_000, 45, 4.5, 3), bid('b', 1_200_000, 60, 3, 1), bid('c', 2_400_000, 30, 5, 2)];

describe('bid leveling (decision 0132)', () => {
  it('shows the spread: lowest, median and highest amount', () => {
    expect(spreadOf(bids.map((b) => b.amountCents))).toEqual({
      lowestCents: 1_200_000,
      medianCents: 1_850_000,
      highestCents: 2_400_000,
    });
    expect(spreadOf([100, 301])).toEqual({ lowestCents: 100, medianCents: 201, highestCents: 301 });
    expect(spreadOf([])).toBeNull();
  });

  it("gives each bid's difference from the median", () => {
    const spread = spreadOf(bids.map((b) => b.amountCents));
    if (!spread) throw new Error('no spread');
    expect(bids.map((b) => differenceFromMedian(b.amountCents, spread))).toEqual([0, -650_000, 550_000]);
  });

  it('marks the lowest amount and the shortest timeline, every one on a tie', () => {
    expect([...lowestAmountIds(bids)]).toEqual(['b']);
    expect([...shortestTimelineIds(bids)]).toEqual(['c']);
    expect([...lowestAmountIds([...bids, bid('d', 1_200_000, 90, 1, 4)])]).toEqual(['b', 'd']);
  });

  it('sorts by amount, timeline, rating and date, both ways, stable on ties', () => {
    const ids = (key: Parameters<typeof sortBids>[1], dir: Parameters<typeof sortBids>[2]) =>
      sortBids(bids, key, dir).map((b) => b.id);
    expect(ids('amount', 'ascending')).toEqual(['b', 'a', 'c']);
    expect(ids('amount', 'descending')).toEqual(['c', 'a', 'b']);
    expect(ids('timeline', 'ascending')).toEqual(['c', 'a', 'b']);
    expect(ids('rating', 'descending')).toEqual(['c', 'a', 'b']);
    expect(ids('date', 'ascending')).toEqual(['b', 'c', 'a']);
    const tied = [bid('y', 5, 1, 1, 1), bid('x', 5, 1, 1, 1)];
    expect(sortBids(tied, 'amount', 'descending').map((b) => b.id)).toEqual(['x', 'y']);
  });
});
