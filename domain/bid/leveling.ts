/**
 * Bid leveling (decision 0132): what the owner's Compare view derives from the bids on one
 * project. Pure functions over whole cents and whole days, so every frontend and test agrees.
 */

export interface LevelableBid {
  id: string;
  amountCents: number;
  /** Whole days. */
  timeline: number;
  /** The bidder's rating, 0..5. */
  rating: number;
  createdAt: Date;
}

export interface Spread {
  lowestCents: number;
  /** The median amount; with an even count, the mean of the two middle amounts, rounded to the cent. */
  medianCents: number;
  highestCents: number;
}

export const COMPARE_SORT_KEYS = ['amount', 'timeline', 'rating', 'date'] as const;
export type CompareSortKey = (typeof COMPARE_SORT_KEYS)[number];
export type SortDirection = 'ascending' | 'descending';

/** Lowest, median and highest amount; null with no bids. */
export function spreadOf(amountsCents: readonly number[]): Spread | null {
  if (amountsCents.length === 0) return null;
  const sorted = [...amountsCents].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[mid] as number)
      : Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
  return { lowestCents: sorted[0] as number, medianCents: median, highestCents: sorted.at(-1) as number };
}

/** Each bid's difference from the median, in cents (negative: below the median). */
export function differenceFromMedian(amountCents: number, spread: Spread): number {
  return amountCents - spread.medianCents;
}

/** The ids of the bids with the lowest amount (every one of them on a tie). */
export function lowestAmountIds(bids: readonly LevelableBid[]): Set<string> {
  const min = Math.min(...bids.map((b) => b.amountCents));
  return new Set(bids.filter((b) => b.amountCents === min).map((b) => b.id));
}

/** The ids of the bids with the shortest timeline (every one of them on a tie). */
export function shortestTimelineIds(bids: readonly LevelableBid[]): Set<string> {
  const min = Math.min(...bids.map((b) => b.timeline));
  return new Set(bids.filter((b) => b.timeline === min).map((b) => b.id));
}

const VALUE: Record<CompareSortKey, (b: LevelableBid) => number> = {
  amount: (b) => b.amountCents,
  timeline: (b) => b.timeline,
  rating: (b) => b.rating,
  date: (b) => b.createdAt.getTime(),
};

/** A sorted copy; ties keep a stable order by id so the table never jumps. */
export function sortBids<T extends LevelableBid>(
  bids: readonly T[],
  key: CompareSortKey,
  direction: SortDirection,
): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...bids].sort(
    (a, b) => sign * (VALUE[key](a) - VALUE[key](b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
