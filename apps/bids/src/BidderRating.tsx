/**
 * A bidder's rating as both bid views show it (decision 0198): '★ 4.0 (1 review)', '★ 4.5 (3 reviews)',
 * or 'No reviews yet' before the first review. The star is decorative: a screen reader hears '4.0 (1 review)'.
 */
import { formatRating, plural } from '@buildbid/ui';

export interface RatedBidder {
  rating: number | string | null | undefined;
  reviewCount: number;
}

/** The words, without the star: '4.0 (1 review)' or 'No reviews yet'. */
export function bidderRatingText(bidder: RatedBidder): string {
  if (bidder.reviewCount <= 0) return 'No reviews yet';
  return `${formatRating(bidder.rating)} (${plural(bidder.reviewCount, 'review')})`;
}

export function BidderRating({ bidder }: { bidder: RatedBidder }) {
  if (bidder.reviewCount <= 0) return <>No reviews yet</>;
  return (
    <>
      <span aria-hidden="true">★</span> {bidderRatingText(bidder)}
    </>
  );
}
