/** Bid levelling: how the compare view ranks and sorts the bids on one project. */
export {
  COMPARE_SORT_KEYS,
  type CompareSortKey,
  differenceFromMedian,
  type LevelableBid,
  lowestAmountIds,
  type SortDirection,
  type Spread,
  shortestTimelineIds,
  sortBids,
  spreadOf,
} from '../../domain/bid/leveling.ts';
