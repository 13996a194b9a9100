import {
  type AchievementCategory,
  AchievementProgress,
  type Badge,
  type BadgeTier,
  findBadge,
  pointsForEvent,
  tierProgress,
} from '../../domain/achievement/achievement.ts';
import type { BadgeEarned, DomainEvent } from '../../domain/shared/events.ts';
import type { EventPublisher, UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';

export class RecordAchievements extends UseCase<{
  uow: UnitOfWork;
  events: EventPublisher;
  ids: IdGenerator;
  clock: Clock;
}> {
  /**
   * An event subscriber: turns a published event into points (pointsForEvent), moves levels and
   * awards badges once each. Publishes BadgeEarned events after commit. Returns them too.
   */
  async execute(event: DomainEvent): Promise<BadgeEarned[]> {
    const now = this.deps.clock.now();
    const earned = await this.deps.uow.run(async (tx) => {
      let recipientServices: readonly string[] = [];
      if (event.type === 'project_completed') {
        recipientServices = (await tx.users.findById(event.recipientId))?.services ?? [];
      }
      const awards = pointsForEvent(event, { recipientServices });
      const earned: BadgeEarned[] = [];
      for (const userId of new Set(awards.map((a) => a.userId))) {
        const progress = (await tx.achievements.findByUser(userId)) ?? AchievementProgress.start(userId, now);
        for (const award of awards.filter((a) => a.userId === userId)) {
          earned.push(...progress.addPoints(award.category, award.points, now, () => this.deps.ids.next()));
        }
        await tx.achievements.save(progress);
      }
      await tx.outbox.add(earned);
      return earned;
    });
    if (earned.length > 0) await this.deps.events.publish(earned);
    return earned;
  }
}

export interface UserBadgeView {
  id: string;
  earnedAt: Date;
  badge: Badge;
}

export interface AchievementsView {
  categories: {
    category: AchievementCategory;
    points: number;
    level: number;
    tier: BadgeTier | null;
    nextTier: BadgeTier | null;
    nextTierPoints: number | null;
    progress: number;
  }[];
  badges: UserBadgeView[];
}

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

export class GetUserBadges extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  readonly #achievements = new GetAchievements(this.deps);

  /** GET /api/users/{id}/badges: the user's badges, newest first. */
  async execute(userId: string): Promise<UserBadgeView[]> {
    return (await this.#achievements.execute(userId)).badges;
  }
}
