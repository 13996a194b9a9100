import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { GetAchievements } from './get-achievements.ts';
import type { UserBadgeView } from './shared.ts';

export class GetUserBadges extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  readonly #achievements = new GetAchievements(this.deps);

  /** GET /api/users/{id}/badges: the user's badges, newest first. */
  async execute(userId: string): Promise<UserBadgeView[]> {
    return (await this.#achievements.execute(userId)).badges;
  }
}
