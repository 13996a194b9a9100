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

export class RecordAchievements {
  readonly #uow: UnitOfWork;
  readonly #events: EventPublisher;
  readonly #ids: IdGenerator;
  readonly #clock: Clock;

  constructor(uow: UnitOfWork, events: EventPublisher, ids: IdGenerator, clock: Clock) {
    this.#uow = uow;
    this.#events = events;
    this.#ids = ids;
    this.#clock = clock;
  }

  /**
   * An event subscriber: turns a published event into points (pointsForEvent), moves levels and
   * awards badges once each. Publishes BadgeEarned events after commit. Returns them too.
   */
  async execute(event: DomainEvent): Promise<BadgeEarned[]> {
    const now = this.#clock.now();
    const earned = await this.#uow.run(async (tx) => {
      let recipientServices: readonly string[] = [];
      if (event.type === 'project_completed') {
        recipientServices = (await tx.users.findById(event.recipientId))?.services ?? [];
      }
      const awards = pointsForEvent(event, { recipientServices });
      const earned: BadgeEarned[] = [];
      for (const userId of new Set(awards.map((a) => a.userId))) {
        const progress = (await tx.achievements.findByUser(userId)) ?? AchievementProgress.start(userId, now);
        for (const award of awards.filter((a) => a.userId === userId)) {
          earned.push(...progress.addPoints(award.category, award.points, now, () => this.#ids.next()));
        }
        await tx.achievements.save(progress);
      }
      await tx.outbox.add(earned);
      return earned;
    });
    if (earned.length > 0) await this.#events.publish(earned);
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

export class GetAchievements {
  readonly #uow: UnitOfWork;
  readonly #clock: Clock;

  constructor(uow: UnitOfWork, clock: Clock) {
    this.#uow = uow;
    this.#clock = clock;
  }

  /** A user's points and level per category, and their badges, newest first. */
  async execute(userId: string): Promise<AchievementsView> {
    const progress =
      (await this.#uow.run((tx) => tx.achievements.findByUser(userId))) ??
      AchievementProgress.start(userId, this.#clock.now());
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

export class GetUserBadges {
  readonly #achievements: GetAchievements;

  constructor(uow: UnitOfWork, clock: Clock) {
    this.#achievements = new GetAchievements(uow, clock);
  }

  /** GET /api/users/{id}/badges: the user's badges, newest first. */
  async execute(userId: string): Promise<UserBadgeView[]> {
    return (await this.#achievements.execute(userId)).badges;
  }
}
