import { beforeEach, describe, expect, it } from 'vitest';
import { GetAchievements, GetUserBadges, RecordAchievements } from '#application/achievements/index.ts';
import { GetCatalog } from '#application/catalog/index.ts';
import { CATALOG } from '#domain/catalog/catalog.ts';
import type { DomainEvent } from '#domain/shared/events.ts';
import { aContractor, type Env, makeEnv, NOW } from '../../fakes/mothers.ts';

let env: Env;

beforeEach(() => {
  env = makeEnv();
});

const review = (rating: number): DomainEvent => ({
  type: 'review_received',
  occurredAt: NOW,
  reviewId: `r-${rating}`,
  projectId: 'p',
  reviewerId: 'owner',
  recipientId: 'c1',
  rating,
});

const completed: DomainEvent = {
  type: 'project_completed',
  occurredAt: NOW,
  projectId: 'p',
  projectTitle: 'T',
  ownerId: 'owner',
  recipientId: 'c1',
  services: ['electrical'],
};

describe('RecordAchievements', () => {
  it('adds points per category and awards a badge once when its threshold is reached', async () => {
    const record = new RecordAchievements({
      uow: env.uow,
      ids: env.ids,
      clock: env.clock,
    });
    expect(await record.execute(review(5))).toEqual([]); // quality 20, reliability 5
    const earned = await record.execute(review(5)); // quality 40 → bronze (25)
    expect(earned).toEqual([
      expect.objectContaining({ type: 'badge_earned', recipientId: 'c1', badgeId: 'quality_bronze' }),
    ]);
    expect(env.events.types()).toEqual(['badge_earned']);
    expect(await record.execute(review(3))).toEqual([]); // 45: bronze already held
    const view = await new GetAchievements({ uow: env.uow, clock: env.clock }).execute('c1');
    expect(view.categories.find((c) => c.category === 'quality')).toEqual({
      category: 'quality',
      points: 45,
      level: 1,
      tier: 'bronze',
      nextTier: 'silver',
      nextTierPoints: 100,
      progress: 26, // (45 - 25) / (100 - 25) = 26.7 %, rounded down
    });
    expect(view.badges.map((b) => b.badge.id)).toEqual(['quality_bronze']);
  });

  it('gives expertise points when the project matches the contractor’s specialties', async () => {
    env.db.addUser(aContractor('c1', { services: ['electrical'] }));
    await new RecordAchievements({
      uow: env.uow,
      ids: env.ids,
      clock: env.clock,
    }).execute(completed);
    const view = await new GetAchievements({ uow: env.uow, clock: env.clock }).execute('c1');
    expect(Object.fromEntries(view.categories.map((c) => [c.category, c.points]))).toEqual({
      quality: 0,
      speed: 0,
      reliability: 10,
      experience: 10,
      expertise: 10,
    });
  });

  it('does nothing for events that earn no points', async () => {
    const record = new RecordAchievements({
      uow: env.uow,
      ids: env.ids,
      clock: env.clock,
    });
    expect(
      await record.execute({
        type: 'project_posted',
        occurredAt: NOW,
        projectId: 'p',
        ownerId: 'o',
        services: [],
        country: 'BS',
      }),
    ).toEqual([]);
    expect(env.db.achievements.rows.size).toBe(0);
    expect(env.events.published).toEqual([]);
  });

  it('answers an empty progress and no badges for a new user', async () => {
    const view = await new GetAchievements({ uow: env.uow, clock: env.clock }).execute('new');
    expect(view.categories.every((c) => c.points === 0 && c.level === 1)).toBe(true);
    expect(await new GetUserBadges({ uow: env.uow, clock: env.clock }).execute('new')).toEqual([]);
  });

  it('lists badges newest first and skips ids no longer in the catalogue', async () => {
    env.db.achievements.rows.set('c1', {
      userId: 'c1',
      categories: [],
      badges: [
        { id: 'u1', badgeId: 'speed_bronze', earnedAt: new Date('2025-01-01') },
        { id: 'u2', badgeId: 'retired_badge', earnedAt: new Date('2025-02-01') },
        { id: 'u3', badgeId: 'quality_bronze', earnedAt: new Date('2025-03-01') },
      ],
    });
    const badges = await new GetUserBadges({ uow: env.uow, clock: env.clock }).execute('c1');
    expect(badges.map((b) => b.id)).toEqual(['u3', 'u1']);
  });
});

describe('GetCatalog', () => {
  it('returns the read-only catalogue', () => {
    const catalog = new GetCatalog().execute();
    expect(catalog).toBe(CATALOG);
    expect(Object.isFrozen(catalog.bahamasIslands)).toBe(true);
  });
});
