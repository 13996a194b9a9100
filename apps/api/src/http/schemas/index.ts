import { AddendumSchema } from './addendum.ts';
import { BidQuotaSchema, BidSchema, MyBidSchema, ProjectBidSchema, SubmittedBidSchema } from './bid.ts';
import { CatalogSchema, LandingSchema } from './catalog.ts';
import { AttachmentSchema, OwnerSchema } from './common.ts';
import {
  AchievementsSchema,
  BadgeSchema,
  ReceivedReviewSchema,
  ReviewSchema,
  UserBadgeSchema,
  UserStatsSchema,
} from './profile.ts';
import { ProjectDataSchema, ProjectSchema, ProjectSummarySchema, SaveStateSchema } from './project.ts';
import { SavedSearchSchema } from './saved-search.ts';

/** Every marketplace schema with an $id, in the order the OpenAPI document lists them. */
export const MARKETPLACE_SCHEMAS = [
  AttachmentSchema,
  OwnerSchema,
  SaveStateSchema,
  SavedSearchSchema,
  BidSchema,
  ProjectBidSchema,
  MyBidSchema,
  BidQuotaSchema,
  SubmittedBidSchema,
  ProjectSummarySchema,
  ProjectSchema,
  ProjectDataSchema,
  UserStatsSchema,
  ReviewSchema,
  ReceivedReviewSchema,
  BadgeSchema,
  UserBadgeSchema,
  AchievementsSchema,
  CatalogSchema,
  LandingSchema,
  AddendumSchema,
];
