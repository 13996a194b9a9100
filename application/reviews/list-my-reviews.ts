import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ReceivedReview, ReviewQuery } from './ports.ts';

/** How many reviews a profile shows (newest first). */
export const MAX_LISTED_REVIEWS = 50;

/** GET /api/users/me/reviews: the reviews about the signed-in user, as their profile lists them. */
export class ListMyReviews extends UseCase<{ reviews: ReviewQuery }> {
  execute(actor: User): Promise<ReceivedReview[]> {
    return this.deps.reviews.receivedBy(actor.id, MAX_LISTED_REVIEWS);
  }
}
