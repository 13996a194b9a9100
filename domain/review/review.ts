import { PROJECT_ERRORS } from '../project/errors.ts';
import type { Actor, Project } from '../project/project.ts';
import { withFields } from '../shared/entity.ts';
import type { ConflictError } from '../shared/errors.ts';
import type { ReviewReceived } from '../shared/events.ts';
import { REVIEW_ERRORS } from './errors.ts';

const MIN_RATING = 1;
const MAX_RATING = 5;
const REVIEW_COMMENT_MAX_LENGTH = 2000;

export interface ReviewSnapshot {
  id: string;
  /** Cleared (null) when the project is deleted: the review and the rating it gave are kept. */
  projectId: string | null;
  reviewerId: string;
  revieweeId: string;
  /** Whole stars, 1..5. */
  rating: number;
  comment: string | null;
  createdAt: Date;
}

export function parseRating(value: unknown): number {
  const rating = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < MIN_RATING || rating > MAX_RATING) {
    throw REVIEW_ERRORS.INVALID_RATING(
      `Rating must be a whole number from ${MIN_RATING} to ${MAX_RATING}`,
      'rating',
    );
  }
  return rating;
}

export function reviewAlreadyExists(): ConflictError {
  return REVIEW_ERRORS.REVIEW_ALREADY_EXISTS();
}

/**
 * A review of the awarded contractor by the owner of a completed project. Once per project: the use
 * case checks stored reviews (and the adapter keeps a unique key on projectId and reviewerId).
 */
export class Review extends withFields<ReviewSnapshot>()('revieweeId', 'rating') {
  private constructor(props: ReviewSnapshot) {
    super(props);
  }

  static write(input: {
    id: string;
    project: Project;
    reviewer: Actor;
    rating: unknown;
    comment?: string | null;
    now: Date;
  }): { review: Review; event: ReviewReceived } {
    const { project } = input;
    if (!project.isOwnedBy(input.reviewer.id)) {
      throw PROJECT_ERRORS.NOT_PROJECT_OWNER('Only the project owner can review its contractor');
    }
    if (project.status !== 'completed') {
      throw REVIEW_ERRORS.PROJECT_NOT_COMPLETED();
    }
    const revieweeId = project.awardedContractorId;
    if (revieweeId === null) {
      throw REVIEW_ERRORS.NO_AWARDED_CONTRACTOR();
    }
    const rating = parseRating(input.rating);
    const comment = (input.comment ?? '').trim();
    if (comment.length > REVIEW_COMMENT_MAX_LENGTH) {
      throw REVIEW_ERRORS.COMMENT_TOO_LONG(
        `Comment must be at most ${REVIEW_COMMENT_MAX_LENGTH} characters`,
        'comment',
      );
    }
    const review = new Review({
      id: input.id,
      projectId: project.id,
      reviewerId: input.reviewer.id,
      revieweeId,
      rating,
      comment: comment === '' ? null : comment,
      createdAt: input.now,
    });
    const event: ReviewReceived = {
      type: 'review_received',
      occurredAt: input.now,
      reviewId: input.id,
      projectId: project.id,
      reviewerId: input.reviewer.id,
      recipientId: revieweeId,
      rating,
    };
    return { review, event };
  }

  static restore(snapshot: ReviewSnapshot): Review {
    return new Review({ ...snapshot });
  }
}
