import { AchievementProgress, findBadge, tierProgress } from '../../domain/achievement/achievement.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { AchievementsView } from './shared.ts';

export class GetAchievements extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  /** A user's points and level per category, and their badges, newest first. */
  async execute(userId: string): Promise<AchievementsView> {
    const progress =
      (await this.deps.uow.run((tx) => tx.achievements.findByUser(userId))) ??
      AchievementProgress.start(userId, this.deps.clock.now());
    const snapshot = progress.toSnapshot();
    const badges = snapshot.badges
      .flatMap((b) => {
        const badge = findBadge(b.badgeId);
        return badge ? [{ id: b.id, earnedAt: b.earnedAt, badge }] : [];
      })
      .sort((a, b) => b.earnedAt.getTime() - a.earnedAt.getTime());
    return {
      categories: snapshot.categories.map(({ category, points, level }) => ({
        category,
        points,
        level,
        ...tierProgress(points),
      })),
      badges,
    };
  }
}
