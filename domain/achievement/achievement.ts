import type { BadgeEarned, DomainEvent } from '../shared/events.ts';

export const ACHIEVEMENT_CATEGORIES = ['quality', 'speed', 'reliability', 'experience', 'expertise'] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

export const BADGE_TIERS = ['bronze', 'silver', 'gold', 'platinum'] as const;
export type BadgeTier = (typeof BADGE_TIERS)[number];

/** The category points a badge of each tier needs. */
const TIER_POINTS: Readonly<Record<BadgeTier, number>> = {
  bronze: 25,
  silver: 100,
  gold: 250,
  platinum: 500,
};

export interface Badge {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly category: AchievementCategory;
  readonly tier: BadgeTier;
  readonly icon: string;
  readonly pointsRequired: number;
}

const CATEGORY_INFO: Readonly<
  Record<AchievementCategory, { title: string; icon: string; earnedBy: string }>
> = {
  quality: { title: 'Quality Work', icon: 'star', earnedBy: 'well-rated reviews' },
  speed: { title: 'Fast Response', icon: 'zap', earnedBy: 'quick bids on new projects' },
  reliability: { title: 'Reliable', icon: 'shield-check', earnedBy: 'completed projects and good reviews' },
  experience: { title: 'Experienced', icon: 'briefcase', earnedBy: 'completed projects' },
  expertise: { title: 'Expert', icon: 'award', earnedBy: 'completed projects in your specialties' },
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The seeded badge catalogue: one badge per category and tier (20 badges). Ids are stable. */
export const BADGES: readonly Badge[] = ACHIEVEMENT_CATEGORIES.flatMap((category) =>
  BADGE_TIERS.map((tier) => {
    const info = CATEGORY_INFO[category];
    return {
      id: `${category}_${tier}`,
      name: `${info.title} (${capitalise(tier)})`,
      description: `Earned with ${TIER_POINTS[tier]} ${category} points from ${info.earnedBy}.`,
      category,
      tier,
      icon: info.icon,
      pointsRequired: TIER_POINTS[tier],
    };
  }),
);

export function findBadge(id: string): Badge | undefined {
  return BADGES.find((b) => b.id === id);
}

/** Level n is reached at LEVEL_THRESHOLDS[n - 1] points: level 1 at 0, level 2 at 50, ... level 6 at 800. */
export const LEVEL_THRESHOLDS = [0, 50, 150, 300, 500, 800] as const;

export function levelForPoints(points: number): number {
  return LEVEL_THRESHOLDS.filter((t) => points >= t).length;
}

/**
 * Where a category's points stand against the badge tiers (the dashboard's Achievement Progress): the
 * highest tier reached (null below bronze), the next tier and its threshold (null past platinum), and the
 * percentage of the way from the current threshold (0 below bronze) to the next, rounded down, so 99.9 %
 * never shows as 100 %. A new account has 0 points: no tier, 0 %.
 */
export function tierProgress(points: number): {
  tier: BadgeTier | null;
  nextTier: BadgeTier | null;
  nextTierPoints: number | null;
  progress: number;
} {
  const safe = Math.max(0, Math.floor(points));
  const reached = BADGE_TIERS.filter((t) => safe >= TIER_POINTS[t]);
  const tier = reached.at(-1) ?? null;
  const nextTier = BADGE_TIERS.find((t) => safe < TIER_POINTS[t]) ?? null;
  if (nextTier === null) return { tier, nextTier: null, nextTierPoints: null, progress: 100 };
  const from = tier ? TIER_POINTS[tier] : 0;
  const to = TIER_POINTS[nextTier];
  return {
    tier,
    nextTier,
    nextTierPoints: to,
    progress: Math.floor(((safe - from) / (to - from)) * 100),
  };
}

// ---- Point rules -------------------------------------------------------------------------

const QUICK_RESPONSE_WINDOW_MS = 24 * 60 * 60 * 1000;
const QUICK_RESPONSE_POINTS = 5;
const COMPLETION_EXPERIENCE_POINTS = 10;
const COMPLETION_RELIABILITY_POINTS = 10;
const SPECIALTY_EXPERTISE_POINTS = 10;
const GOOD_REVIEW_RELIABILITY_POINTS = 5;
const REVIEW_QUALITY_POINTS: Readonly<Record<number, number>> = { 1: 0, 2: 0, 3: 5, 4: 10, 5: 20 };

export interface PointAward {
  userId: string;
  category: AchievementCategory;
  points: number;
}

/**
 * The points an event earns:
 * - bid_submitted within 24 hours of the project being posted: speed +5 for the bidder;
 * - project_completed: experience +10 and reliability +10 for the awarded contractor, and expertise +10
 *   when one of the project's services is among the contractor's specialties (`recipientServices`);
 * - review_received: quality +0/0/5/10/20 for 1..5 stars, and reliability +5 for 4 or 5 stars.
 * Other events earn nothing. Zero-point awards are left out.
 */
export function pointsForEvent(
  event: DomainEvent,
  context: { recipientServices?: readonly string[] } = {},
): PointAward[] {
  const awards: PointAward[] = [];
  switch (event.type) {
    case 'bid_submitted':
      if (event.occurredAt.getTime() - event.projectPostedAt.getTime() <= QUICK_RESPONSE_WINDOW_MS) {
        awards.push({ userId: event.contractorId, category: 'speed', points: QUICK_RESPONSE_POINTS });
      }
      break;
    case 'project_completed': {
      awards.push({
        userId: event.recipientId,
        category: 'experience',
        points: COMPLETION_EXPERIENCE_POINTS,
      });
      awards.push({
        userId: event.recipientId,
        category: 'reliability',
        points: COMPLETION_RELIABILITY_POINTS,
      });
      const specialties = context.recipientServices ?? [];
      if (event.services.some((s) => specialties.includes(s))) {
        awards.push({ userId: event.recipientId, category: 'expertise', points: SPECIALTY_EXPERTISE_POINTS });
      }
      break;
    }
    case 'review_received': {
      const quality = REVIEW_QUALITY_POINTS[event.rating] ?? 0;
      if (quality > 0) awards.push({ userId: event.recipientId, category: 'quality', points: quality });
      if (event.rating >= 4) {
        awards.push({
          userId: event.recipientId,
          category: 'reliability',
          points: GOOD_REVIEW_RELIABILITY_POINTS,
        });
      }
      break;
    }
    default:
      break;
  }
  return awards;
}

// ---- A user's progress -------------------------------------------------------------------

export interface CategoryProgress {
  category: AchievementCategory;
  points: number;
  level: number;
  updatedAt: Date;
}

interface EarnedBadge {
  id: string;
  badgeId: string;
  earnedAt: Date;
}

export interface AchievementSnapshot {
  userId: string;
  /** One entry per category (the user_achievement rows). */
  categories: CategoryProgress[];
  /** The user_badge rows. */
  badges: EarnedBadge[];
}

/** A user's points per category, levels and earned badges. A badge is earned once. */
export class AchievementProgress {
  #props: AchievementSnapshot;

  private constructor(props: AchievementSnapshot) {
    this.#props = props;
  }

  static start(userId: string, now: Date): AchievementProgress {
    return new AchievementProgress({
      userId,
      categories: ACHIEVEMENT_CATEGORIES.map((category) => ({
        category,
        points: 0,
        level: 1,
        updatedAt: now,
      })),
      badges: [],
    });
  }

  static restore(snapshot: AchievementSnapshot): AchievementProgress {
    const categories = ACHIEVEMENT_CATEGORIES.map(
      (category) =>
        snapshot.categories.find((c) => c.category === category) ?? {
          category,
          points: 0,
          level: 1,
          updatedAt: new Date(0),
        },
    ).map((c) => ({ ...c }));
    return new AchievementProgress({
      userId: snapshot.userId,
      categories,
      badges: snapshot.badges.map((b) => ({ ...b })),
    });
  }

  get userId(): string {
    return this.#props.userId;
  }

  pointsIn(category: AchievementCategory): number {
    return this.#category(category).points;
  }

  levelIn(category: AchievementCategory): number {
    return this.#category(category).level;
  }

  hasBadge(badgeId: string): boolean {
    return this.#props.badges.some((b) => b.badgeId === badgeId);
  }

  #category(category: AchievementCategory): CategoryProgress {
    const found = this.#props.categories.find((c) => c.category === category);
    /* v8 ignore next -- start() and restore() always fill every category */
    if (!found) throw new Error(`No progress for ${category}`);
    return found;
  }

  /** Adds points; the level follows, and each badge of the category whose threshold is now reached is earned once. */
  addPoints(category: AchievementCategory, points: number, now: Date, newId: () => string): BadgeEarned[] {
    if (!Number.isInteger(points) || points <= 0) return [];
    const progress = this.#category(category);
    progress.points += points;
    progress.level = levelForPoints(progress.points);
    progress.updatedAt = now;
    const earned: BadgeEarned[] = [];
    for (const badge of BADGES) {
      if (
        badge.category === category &&
        progress.points >= badge.pointsRequired &&
        !this.hasBadge(badge.id)
      ) {
        this.#props.badges.push({ id: newId(), badgeId: badge.id, earnedAt: now });
        earned.push({
          type: 'badge_earned',
          occurredAt: now,
          recipientId: this.#props.userId,
          badgeId: badge.id,
        });
      }
    }
    return earned;
  }

  toSnapshot(): AchievementSnapshot {
    return {
      userId: this.#props.userId,
      categories: this.#props.categories.map((c) => ({ ...c })),
      badges: this.#props.badges.map((b) => ({ ...b })),
    };
  }
}
