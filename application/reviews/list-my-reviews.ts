import type { User } from '../../domain/user/user.ts';
import type { HiddenContent } from '../safety/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ReceivedReview, ReviewQuery } from './ports.ts';

/** How many reviews a profile shows (newest first). */
export const MAX_LISTED_REVIEWS = 50;

/**
 * GET /api/users/me/reviews: the reviews about the signed-in user, as their profile lists them. A review the
 * moderators hid is left out (its author is the reviewer, never the reviewed person; decision 0221).
 */
export class ListMyReviews extends UseCase<{ reviews: ReviewQuery; hidden: HiddenContent }> {
  async execute(actor: User): Promise<ReceivedReview[]> {
    const reviews = await this.deps.reviews.receivedBy(actor.id, MAX_LISTED_REVIEWS);
    const hidden = await this.deps.hidden.hiddenAmong(
      'review',
      reviews.map((r) => r.id),
    );
    return actor.isAdmin ? reviews : reviews.filter((r) => !hidden.has(r.id));
  }
}
