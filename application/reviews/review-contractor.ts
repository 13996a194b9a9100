import { Review, reviewAlreadyExists } from '../../domain/review/review.ts';
import { USER_ERRORS } from '../../domain/user/errors.ts';

import type { User } from '../../domain/user/user.ts';
import { projectOf } from '../projects/shared.ts';
import type { AddingDeps } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';

export interface ReviewInput {
  rating: unknown;
  comment?: string | null;
}

export class ReviewContractor extends UseCase<AddingDeps> {
  /**
   * The owner of a completed project reviews its awarded contractor, once. The contractor's rating
   * and reviewCount are recomputed from their reviews in the same transaction (their row locked).
   */
  async execute(actor: User, projectId: string, input: ReviewInput): Promise<Review> {
    const now = this.deps.clock.now();
    return this.deps.uow.commit(async (tx) => {
      const project = await projectOf(tx, projectId);
      const written = Review.write({ id: this.deps.ids.next(), project, reviewer: actor, ...input, now });
      if (await tx.reviews.findByProjectAndReviewer(projectId, actor.id)) throw reviewAlreadyExists();
      await tx.reviews.add(written.review);
      const reviewee = await tx.users.lockForUpdate(written.review.revieweeId);
      if (!reviewee) throw USER_ERRORS.USER_NOT_FOUND('The reviewed contractor no longer exists');
      const summary = await tx.reviews.summaryFor(reviewee.id);
      reviewee.applyRatingSummary(summary.count, summary.total, now);
      await tx.users.save(reviewee);
      return { result: written.review, events: [written.event] };
    });
  }
}
