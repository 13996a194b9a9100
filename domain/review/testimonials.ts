import type { ReviewSnapshot } from './review.ts';

/**
 * Which reviews the landing page quotes (decision 0122): rating 4 or 5 with a comment, newest first, at most
 * MAX_TESTIMONIALS; and only once at least MIN_REAL_TESTIMONIALS such reviews exist (before that the
 * page keeps its sample quotes).
 */
export const TESTIMONIAL_MIN_RATING = 4;
const MIN_REAL_TESTIMONIALS = 3;
export const MAX_TESTIMONIALS = 4;

/** What a review shows of itself to be quoted. */
export type TestimonialCandidate = Pick<ReviewSnapshot, 'rating' | 'comment'>;

export function qualifiesAsTestimonial(review: TestimonialCandidate): boolean {
  return review.rating >= TESTIMONIAL_MIN_RATING && (review.comment ?? '').trim() !== '';
}

/** The testimonials to show from the qualifying reviews (newest first) and how many qualify in all. */
export function pickTestimonials<T extends TestimonialCandidate>(
  newestFirst: readonly T[],
  total: number,
): T[] {
  if (total < MIN_REAL_TESTIMONIALS) return [];
  return newestFirst.filter(qualifiesAsTestimonial).slice(0, MAX_TESTIMONIALS);
}
