import { type Static, Type } from 'typebox';
import type { AchievementsView, UserBadgeView } from '#application/achievements/index.ts';
import type { ReceivedReview } from '#application/reviews/ports.ts';
import type { UserStats } from '#application/stats/index.ts';
import { ACHIEVEMENT_CATEGORIES, BADGE_TIERS } from '#domain/achievement/achievement.ts';
import type { Review } from '#domain/review/review.ts';
import { SUBSCRIPTION_TIERS } from '#domain/user/user.ts';
import { BID_QUOTA_EXAMPLE, BidQuotaRef, toBidQuotaDto } from './bid.ts';
import { dateTime, nullable, refTo, uuid } from './common.ts';

// ---- Stats, reviews, achievements ------------------------------------------------------------

export const UserStatsSchema = Type.Object(
  {
    postedProjects: Type.Integer({ description: 'Projects the user owns' }),
    activeProjects: Type.Integer({ description: 'Owned projects whose status is active' }),
    completedProjects: Type.Integer({ description: 'Owned projects whose status is completed' }),
    rating: Type.Number({ description: 'Average review rating, 2 decimals' }),
    reviewCount: Type.Integer(),
    activeBids: Type.Integer({ description: "The user's pending bids" }),
    wonProjects: Type.Integer({ description: "The user's accepted bids" }),
    totalBids: Type.Integer({ description: "All the user's bids" }),
    bidsThisMonth: Type.Integer({ description: 'As the plan shows it: 0..3 on free' }),
    subscriptionTier: Type.Enum([...SUBSCRIPTION_TIERS]),
    bidQuota: BidQuotaRef,
  },
  {
    $id: 'UserStats',
    additionalProperties: false,
    examples: [
      {
        postedProjects: 0,
        activeProjects: 0,
        completedProjects: 0,
        rating: 4.5,
        reviewCount: 2,
        activeBids: 1,
        wonProjects: 2,
        totalBids: 5,
        bidsThisMonth: 1,
        subscriptionTier: 'free',
        bidQuota: BID_QUOTA_EXAMPLE,
      },
    ],
  },
);
export type UserStatsDto = Static<typeof UserStatsSchema>;
export const UserStatsRef = refTo(UserStatsSchema);

export function toUserStatsDto(stats: UserStats): UserStatsDto {
  return { ...stats, bidQuota: toBidQuotaDto(stats.bidQuota) };
}

export const ReviewSchema = Type.Object(
  {
    id: uuid(),
    projectId: nullable(uuid('Cleared when the project is deleted')),
    reviewerId: uuid('The project owner'),
    revieweeId: uuid('The awarded contractor'),
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    comment: nullable(Type.String()),
    createdAt: dateTime(),
  },
  { $id: 'Review', additionalProperties: false },
);
export type ReviewDto = Static<typeof ReviewSchema>;
export const ReviewRef = refTo(ReviewSchema);

export const ReceivedReviewSchema = Type.Object(
  {
    id: uuid(),
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    comment: nullable(Type.String()),
    projectId: nullable(uuid('Cleared when the project is deleted')),
    projectTitle: nullable(Type.String({ description: 'Null once the project is deleted' })),
    reviewerName: Type.String({ description: "The project owner's name" }),
    createdAt: dateTime(),
  },
  { $id: 'ReceivedReview', additionalProperties: false },
);
export type ReceivedReviewDto = Static<typeof ReceivedReviewSchema>;
export const ReceivedReviewRef = refTo(ReceivedReviewSchema);

export function toReceivedReviewDto(review: ReceivedReview): ReceivedReviewDto {
  return { ...review, createdAt: review.createdAt.toISOString() };
}

export function toReviewDto(review: Review): ReviewDto {
  const r = review.toSnapshot();
  return { ...r, createdAt: r.createdAt.toISOString() };
}

const badgeProperties = {
  id: Type.String({ description: '{category}_{tier}, e.g. quality_bronze' }),
  name: Type.String(),
  description: Type.String(),
  category: Type.Enum([...ACHIEVEMENT_CATEGORIES]),
  tier: Type.Enum([...BADGE_TIERS]),
  icon: Type.String({ description: 'An icon name, e.g. star' }),
  pointsRequired: Type.Integer(),
};

export const BadgeSchema = Type.Object(badgeProperties, {
  $id: 'Badge',
  additionalProperties: false,
});

export const UserBadgeSchema = Type.Object(
  {
    id: uuid('The award'),
    earnedAt: dateTime(),
    badge: refTo(BadgeSchema),
  },
  {
    $id: 'UserBadge',
    additionalProperties: false,
    examples: [
      {
        id: '3f9a7c21-8e4b-4d6a-9c2f-1b7e5a3d9c80',
        earnedAt: '2026-03-10T09:30:00.000Z',
        badge: {
          id: 'quality_bronze',
          name: 'Quality Work (Bronze)',
          description: 'Earned with 25 quality points from well-rated reviews.',
          category: 'quality',
          tier: 'bronze',
          icon: 'star',
          pointsRequired: 25,
        },
      },
    ],
  },
);
export type UserBadgeDto = Static<typeof UserBadgeSchema>;
export const UserBadgeRef = refTo(UserBadgeSchema);

export function toUserBadgeDto(view: UserBadgeView): UserBadgeDto {
  const b = view.badge;
  return {
    id: view.id,
    earnedAt: view.earnedAt.toISOString(),
    badge: {
      id: b.id,
      name: b.name,
      description: b.description,
      category: b.category,
      tier: b.tier,
      icon: b.icon,
      pointsRequired: b.pointsRequired,
    },
  };
}

export const AchievementsSchema = Type.Object(
  {
    categories: Type.Array(
      Type.Object(
        {
          category: Type.Enum([...ACHIEVEMENT_CATEGORIES]),
          points: Type.Integer(),
          level: Type.Integer({ description: '1..6' }),
          tier: nullable(
            Type.Enum([...BADGE_TIERS], { description: 'The highest badge tier reached; null below bronze' }),
          ),
          nextTier: nullable(Type.Enum([...BADGE_TIERS], { description: 'null past platinum' })),
          nextTierPoints: nullable(Type.Integer({ description: "The next tier's threshold" })),
          progress: Type.Integer({
            minimum: 0,
            maximum: 100,
            description: 'Percent of the way to the next tier, rounded down (100 past platinum)',
          }),
        },
        { additionalProperties: false },
      ),
    ),
    badges: Type.Array(UserBadgeRef, { description: 'Newest first' }),
  },
  { $id: 'Achievements', additionalProperties: false },
);
export type AchievementsDto = Static<typeof AchievementsSchema>;
export const AchievementsRef = refTo(AchievementsSchema);

export function toAchievementsDto(view: AchievementsView): AchievementsDto {
  return { categories: view.categories, badges: view.badges.map(toUserBadgeDto) };
}
