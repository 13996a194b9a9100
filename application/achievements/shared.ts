import type { AchievementCategory, Badge, BadgeTier } from '../../domain/achievement/achievement.ts';

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
