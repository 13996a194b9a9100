import { AchievementProgress, pointsForEvent } from '../../domain/achievement/achievement.ts';
import type { BadgeEarned, DomainEvent } from '../../domain/shared/events.ts';
import type { AddingDeps } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';

export class RecordAchievements extends UseCase<AddingDeps> {
  /**
   * An event subscriber: turns a published event into points (pointsForEvent), moves levels and
   * awards badges once each. Publishes BadgeEarned events after commit. Returns them too.
   */
  async execute(event: DomainEvent): Promise<BadgeEarned[]> {
    const now = this.deps.clock.now();
    return this.deps.uow.commit(async (tx) => {
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
      return { result: earned, events: earned };
    });
  }
}
