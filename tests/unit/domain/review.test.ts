import { describe, expect, it } from 'vitest';
import { Project } from '#domain/project/project.ts';
import { parseRating, Review, reviewAlreadyExists } from '#domain/review/review.ts';
import { ConflictError, PermissionError, ValidationError } from '#domain/shared/errors.ts';
import { averageRatingHundredths, ratingFromHundredths } from '#domain/shared/rating.ts';
import { aBid, aClient, aContractor, aProject, NOW } from '../../fakes/mothers.ts';

const owner = aClient();

function completedProject(): Project {
  const project = aProject();
  project.acceptBid(owner, aBid({ project, bidder: aContractor('c1') }), [], NOW);
  for (const to of ['in_progress', 'review', 'completed']) project.movePhase(owner, to, NOW);
  return project;
}

function errorOf(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (e) {
    return e as { code: string; message: string };
  }
  throw new Error('expected an error');
}

describe('Review.write', () => {
  it('lets the owner of a completed project review its awarded contractor', () => {
    const { review, event } = Review.write({
      id: 'r1',
      project: completedProject(),
      reviewer: owner,
      rating: 5,
      comment: '  Great work  ',
      now: NOW,
    });
    expect(review.toSnapshot()).toEqual({
      id: 'r1',
      projectId: 'project-1',
      reviewerId: owner.id,
      revieweeId: 'c1',
      rating: 5,
      comment: 'Great work',
      createdAt: NOW,
    });
    expect(event).toMatchObject({ type: 'review_received', recipientId: 'c1', rating: 5, reviewId: 'r1' });
    expect(review.revieweeId).toBe('c1');
    expect(review.rating).toBe(5);
    expect(Review.restore(review.toSnapshot()).id).toBe('r1');
  });

  it('makes the comment optional', () => {
    const { review } = Review.write({
      id: 'r',
      project: completedProject(),
      reviewer: owner,
      rating: '4',
      now: NOW,
    });
    expect(review.toSnapshot().comment).toBeNull();
  });

  it('refuses anyone but the owner', () => {
    const e = errorOf(() =>
      Review.write({
        id: 'r',
        project: completedProject(),
        reviewer: aContractor('c1'),
        rating: 5,
        now: NOW,
      }),
    );
    expect(e).toBeInstanceOf(PermissionError);
  });

  it('refuses a project that is not completed', () => {
    const e = errorOf(() =>
      Review.write({ id: 'r', project: aProject(), reviewer: owner, rating: 5, now: NOW }),
    );
    expect(e).toBeInstanceOf(ConflictError);
    expect(e.code).toBe('PROJECT_NOT_COMPLETED');
  });

  it('refuses a completed project without an awarded contractor', () => {
    const project = Project.restore({
      ...aProject().toSnapshot(),
      status: 'completed',
      currentPhase: 'completed',
    });
    expect(errorOf(() => Review.write({ id: 'r', project, reviewer: owner, rating: 5, now: NOW })).code).toBe(
      'NO_AWARDED_CONTRACTOR',
    );
  });

  it.each([0, 6, 4.5, '3.5', null, 'five'])('refuses rating %j', (rating) => {
    const e = errorOf(() => parseRating(rating));
    expect(e).toBeInstanceOf(ValidationError);
    expect(e.message).toBe('Rating must be a whole number from 1 to 5');
  });

  it('accepts whole ratings 1..5', () => {
    expect([1, 2, 3, 4, 5].map(parseRating)).toEqual([1, 2, 3, 4, 5]);
  });

  it('limits the comment to 2000 characters', () => {
    expect(
      errorOf(() =>
        Review.write({
          id: 'r',
          project: completedProject(),
          reviewer: owner,
          rating: 5,
          comment: 'x'.repeat(2001),
          now: NOW,
        }),
      ).code,
    ).toBe('COMMENT_TOO_LONG');
  });

  it('names the once-per-project conflict', () => {
    expect(reviewAlreadyExists().code).toBe('REVIEW_ALREADY_EXISTS');
  });
});

describe('rating averages', () => {
  it('averages to 2 decimals, rounding half up, 0 with no reviews', () => {
    expect(averageRatingHundredths(0, 0)).toBe(0);
    expect(averageRatingHundredths(14, 3)).toBe(467);
    expect(averageRatingHundredths(9, 2)).toBe(450);
    expect(ratingFromHundredths(467)).toBe(4.67);
  });
});
