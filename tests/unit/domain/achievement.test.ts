import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENT_CATEGORIES,
  AchievementProgress,
  BADGE_TIERS,
  BADGES,
  findBadge,
  levelForPoints,
  pointsForEvent,
} from '#domain/achievement/achievement.ts';
import type { DomainEvent } from '#domain/shared/events.ts';

const NOW = new Date('2025-03-15T12:00:00Z');
const HOUR = 60 * 60 * 1000;

function ids() {
  let n = 0;
  return () => `ub-${++n}`;
}

const bidSubmitted = (hoursAfterPosting: number): DomainEvent => ({
  type: 'bid_submitted',
  occurredAt: new Date(NOW.getTime() + hoursAfterPosting * HOUR),
  bidId: 'b',
  projectId: 'p',
  projectTitle: 'T',
  contractorId: 'c1',
  recipientId: 'owner',
  amountCents: 100,
  projectPostedAt: NOW,
});

const completed: DomainEvent = {
  type: 'project_completed',
  occurredAt: NOW,
  projectId: 'p',
  projectTitle: 'T',
  ownerId: 'owner',
  recipientId: 'c1',
  services: ['electrical', 'tile'],
};

const review = (rating: number): DomainEvent => ({
  type: 'review_received',
  occurredAt: NOW,
  reviewId: 'r',
  projectId: 'p',
  reviewerId: 'owner',
  recipientId: 'c1',
  rating,
});

describe('badge catalogue', () => {
  it('seeds one badge per category and tier with rising thresholds', () => {
    expect(BADGES).toHaveLength(ACHIEVEMENT_CATEGORIES.length * BADGE_TIERS.length);
    expect(BADGE_TIERS).toEqual(['bronze', 'silver', 'gold', 'platinum']);
    expect(findBadge('quality_gold')).toMatchObject({
      name: 'Quality Work (Gold)',
      category: 'quality',
      tier: 'gold',
      icon: 'star',
      pointsRequired: 250,
    });
    for (const b of BADGES) {
      expect(b.name.length).toBeLessThanOrEqual(100);
      expect(b.icon.length).toBeLessThanOrEqual(50);
    }
    expect(findBadge('nope')).toBeUndefined();
  });
});

describe('levels', () => {
  it.each([
    [0, 1],
    [49, 1],
    [50, 2],
    [149, 2],
    [150, 3],
    [300, 4],
    [500, 5],
    [800, 6],
    [5000, 6],
  ])('%i points is level %i', (points, level) => {
    expect(levelForPoints(points)).toBe(level);
  });
});

describe('point rules', () => {
  it('gives speed +5 for a bid within 24 hours of posting, nothing later', () => {
    expect(pointsForEvent(bidSubmitted(24))).toEqual([{ userId: 'c1', category: 'speed', points: 5 }]);
    expect(pointsForEvent(bidSubmitted(25))).toEqual([]);
  });

  it('gives experience +10 and reliability +10 for a completed project, expertise +10 in a specialty', () => {
    expect(pointsForEvent(completed)).toEqual([
      { userId: 'c1', category: 'experience', points: 10 },
      { userId: 'c1', category: 'reliability', points: 10 },
    ]);
    expect(pointsForEvent(completed, { recipientServices: ['plumbing', 'electrical'] })).toContainEqual({
      userId: 'c1',
      category: 'expertise',
      points: 10,
    });
  });

  it.each([
    [1, []],
    [2, []],
    [3, [{ userId: 'c1', category: 'quality', points: 5 }]],
    [
      4,
      [
        { userId: 'c1', category: 'quality', points: 10 },
        { userId: 'c1', category: 'reliability', points: 5 },
      ],
    ],
    [
      5,
      [
        { userId: 'c1', category: 'quality', points: 20 },
        { userId: 'c1', category: 'reliability', points: 5 },
      ],
    ],
  ])('a %i-star review earns %j', (rating, awards) => {
    expect(pointsForEvent(review(rating))).toEqual(awards);
  });

  it('gives nothing for other events', () => {
    expect(
      pointsForEvent({ type: 'badge_earned', occurredAt: NOW, recipientId: 'c1', badgeId: 'quality_bronze' }),
    ).toEqual([]);
  });
});

describe('AchievementProgress', () => {
  it('starts every category at 0 points, level 1', () => {
    const p = AchievementProgress.start('c1', NOW);
    for (const c of ACHIEVEMENT_CATEGORIES) {
      expect(p.pointsIn(c)).toBe(0);
      expect(p.levelIn(c)).toBe(1);
    }
  });

  it('adds points, moves the level and awards each badge once when its threshold is reached', () => {
    const p = AchievementProgress.start('c1', NOW);
    const next = ids();
    expect(p.addPoints('quality', 20, NOW, next)).toEqual([]);
    expect(p.addPoints('quality', 10, NOW, next)).toEqual([
      { type: 'badge_earned', occurredAt: NOW, recipientId: 'c1', badgeId: 'quality_bronze' },
    ]);
    expect(p.levelIn('quality')).toBe(1);
    expect(p.addPoints('quality', 20, NOW, next)).toEqual([]); // 50: bronze already held
    expect(p.levelIn('quality')).toBe(2);
    const jump = p.addPoints('quality', 500, NOW, next); // 550: silver, gold, platinum
    expect(jump.map((e) => (e.type === 'badge_earned' ? e.badgeId : ''))).toEqual([
      'quality_silver',
      'quality_gold',
      'quality_platinum',
    ]);
    expect(p.toSnapshot().badges.map((b) => b.id)).toEqual(['ub-1', 'ub-2', 'ub-3', 'ub-4']);
    expect(p.pointsIn('speed')).toBe(0);
  });

  it('ignores zero, negative and fractional points', () => {
    const p = AchievementProgress.start('c1', NOW);
    expect(p.addPoints('speed', 0, NOW, ids())).toEqual([]);
    expect(p.addPoints('speed', -5, NOW, ids())).toEqual([]);
    expect(p.addPoints('speed', 2.5, NOW, ids())).toEqual([]);
    expect(p.pointsIn('speed')).toBe(0);
  });

  it('restores from a snapshot, filling missing categories', () => {
    const p = AchievementProgress.restore({
      userId: 'c1',
      categories: [{ category: 'speed', points: 30, level: 1, updatedAt: NOW }],
      badges: [{ id: 'x', badgeId: 'speed_bronze', earnedAt: NOW }],
    });
    expect(p.pointsIn('speed')).toBe(30);
    expect(p.pointsIn('quality')).toBe(0);
    expect(p.hasBadge('speed_bronze')).toBe(true);
    expect(p.addPoints('speed', 1, NOW, ids())).toEqual([]);
    expect(p.toSnapshot().categories).toHaveLength(5);
    expect(p.userId).toBe('c1');
  });
});
