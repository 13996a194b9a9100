import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import {
  BUDGET_THRESHOLD_HIGH_CENTS,
  BUDGET_THRESHOLD_LOW_CENTS,
  type BudgetBand,
} from '../../domain/project/browse.ts';

/**
 * MikroORM mappings (no decorators) for plain persistence records. The domain classes never reach
 * the ORM: repositories translate records to aggregates with the mappers next to this file.
 *
 * Keep these in step with the SQL in ./migrations: a test compares them (schema diff must be empty).
 */

/** A point in time, with its time zone (timestamptz). */
export const timestamptz = () => p.datetime().columnType('timestamptz');

/** A jsonb list, [] unless written. */
export const jsonList = <T = string>() => p.json<T[]>().columnType('jsonb').defaultRaw(`'[]'::jsonb`);

export const UserRecord = defineEntity({
  name: 'UserRecord',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    email: p.string().length(254).unique('users_email_unique'),
    passwordHash: p.text(),
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    profileImageUrl: p.text().nullable(),
    role: p.string().length(20),
    country: p.string().length(2),
    subscriptionTier: p.string().length(20),
    stripeCustomerId: p.string().length(255).nullable(),
    stripeSubscriptionId: p.string().length(255).nullable(),
    /** numeric(3,2), read and written as a string ('4.50') so no float ever touches it. */
    rating: p.decimal('string').precision(3).scale(2).default(0),
    reviewCount: p.integer().default(0),
    emailNotifications: p.boolean().default(true),
    services: jsonList(),
    /** Decision 0160 (Migration20270129000001_account_lifecycle): null until the email's link is followed. */
    emailVerifiedAt: timestamptz().nullable(),
    /** Decision 0160: set when the account was deleted (the row stays as 'Deleted user'). */
    deletedAt: timestamptz().nullable(),
    createdAt: timestamptz(),
    updatedAt: timestamptz(),
  },
  indexes: [{ name: 'users_role_created_at_index', properties: ['role', 'createdAt'] }],
});
export type UserRecord = InferEntity<typeof UserRecord>;

/** A column holding a user's id: it follows the id when it changes; what a deletion does is the caller's. */
export const userRef = (column: string) =>
  p.manyToOne(UserRecord).mapToPk().fieldName(column).updateRule('cascade');

/** `user_id`: the user a row belongs to; it goes when the user's row goes (their own data). */
export const ownerUserId = () => userRef('user_id').deleteRule('cascade');

/** What a session row's `sess` column holds. */
export interface SessionData {
  userId: string;
}

/** The spec's `session` table (section 3): sid, sess, expire. */
export const SessionRecord = defineEntity({
  name: 'SessionRecord',
  tableName: 'session',
  properties: {
    sid: p.string().length(255).primary(),
    sess: p.json<SessionData>().columnType('jsonb'),
    expire: timestamptz().index('session_expire_index'),
  },
});
export type SessionRecord = InferEntity<typeof SessionRecord>;

/** (leading?, created_at, id): walked backwards, it gives the newest-first keyset order. */
const newestFirst = (leading?: 'status' | 'country' | 'category' | 'clientId') =>
  leading === undefined ? (['createdAt', 'id'] as const) : ([leading, 'createdAt', 'id'] as const);

/** A project (projects-and-bids section 3). Money is numeric(10,2), read and written as decimal text. */
/** The filters, besides a budget band, that a band's newest-first indexes lead with (decision 0113). */
export const BAND_INDEX_LEADS = ['', 'country', 'category', 'country,category'] as const;
export type BandIndexLead = (typeof BAND_INDEX_LEADS)[number];

/**
 * The newest-first indexes of each budget band, partial on the band's condition as projectFilterSql writes
 * it, so PostgreSQL walks only that band: on (created_at, id) (Migration20270130000002, decision 0112), and
 * on (country, created_at, id), (category, ...) and (country, category, ...) for a band with those filters
 * (Migration20270130000003, decision 0113). `names` by the leading filters.
 */
export const BUDGET_BAND_INDEXES: Record<
  BudgetBand,
  { names: Record<BandIndexLead, string>; condition: string }
> = {
  '1k-5k': {
    names: bandIndexNames('low'),
    condition: `"budget_max" <= ${BUDGET_THRESHOLD_LOW_CENTS / 100}`,
  },
  '5k-25k': {
    names: bandIndexNames('mid'),
    condition: `"budget_min" >= ${BUDGET_THRESHOLD_LOW_CENTS / 100} and "budget_max" <= ${BUDGET_THRESHOLD_HIGH_CENTS / 100}`,
  },
  '25k+': {
    names: bandIndexNames('high'),
    condition: `"budget_min" >= ${BUDGET_THRESHOLD_HIGH_CENTS / 100}`,
  },
};

function bandIndexNames(band: 'low' | 'mid' | 'high'): Record<BandIndexLead, string> {
  const name = (lead: BandIndexLead) =>
    `projects_${lead === '' ? '' : `${lead.replace(',', '_')}_`}budget_${band}_created_at_id_index`;
  return Object.fromEntries(BAND_INDEX_LEADS.map((lead) => [lead, name(lead)])) as Record<
    BandIndexLead,
    string
  >;
}

export const ProjectRecord = defineEntity({
  name: 'ProjectRecord',
  tableName: 'projects',
  properties: {
    id: p.uuid().primary(),
    title: p.string().length(255),
    description: p.text(),
    projectType: p.string().length(50).nullable(),
    category: p.string().length(100),
    location: p.string().length(255).nullable(),
    country: p.string().length(10),
    island: p.string().length(100).nullable(),
    city: p.string().length(100).nullable(),
    budgetMin: p.decimal('string').precision(10).scale(2).nullable(),
    budgetMax: p.decimal('string').precision(10).scale(2).nullable(),
    status: p.string().length(20).default('active'),
    clientId: userRef('client_id'),
    /** Stored files: [{ name, originalName?, mimeType?, size? }] (the aggregate keeps the names). */
    attachments: jsonList<StoredAttachment>(),
    tags: jsonList(),
    services: jsonList(),
    servicePhases: jsonList(),
    projectStage: p.string().length(50).nullable(),
    contractorNeeds: jsonList(),
    phases: jsonList(),
    generalContractor: p.boolean().default(false),
    deadline: timestamptz().nullable(),
    bidDeadline: timestamptz().nullable(),
    currentPhase: p.string().length(20).default('planning'),
    phaseStartDate: timestamptz(),
    /** No foreign key: bids refer to projects, and a project's bids are deleted before it. */
    acceptedBidId: p.uuid().nullable(),
    awardedContractorId: userRef('awarded_contractor_id').nullable().deleteRule('set null'),
    createdAt: timestamptz(),
    updatedAt: timestamptz(),
    /**
     * Counted views and saves, kept by SqlProjectEngagement in the statement that adds or removes the
     * project_views / saved_projects row (decision 0120). The repository never writes them.
     */
    viewCount: p.integer().default(0),
    saveCount: p.integer().default(0),
    /**
     * Generated by PostgreSQL; never loaded or written by the ORM: the English-stemmed words a search matches,
     * the title's weighted A and the description's B (Migration20270315000001_word_search, decision 0214),
     * under a GIN index.
     */
    searchVector: p
      .string()
      .columnType('tsvector')
      .generated(
        `((setweight(to_tsvector('english'::regconfig, (title)::text), 'A'::"char") || setweight(to_tsvector('english'::regconfig, description), 'B'::"char"))) stored`,
      )
      .lazy()
      .nullable(),
  },
  indexes: [
    { name: 'projects_created_at_id_index', properties: [...newestFirst()] },
    { name: 'projects_status_created_at_id_index', properties: [...newestFirst('status')] },
    { name: 'projects_country_created_at_id_index', properties: [...newestFirst('country')] },
    { name: 'projects_category_created_at_id_index', properties: [...newestFirst('category')] },
    { name: 'projects_client_id_created_at_id_index', properties: [...newestFirst('clientId')] },
    // Migration20270111000001_browse_speed (decision 0110).
    {
      name: 'projects_country_category_created_at_id_index',
      properties: ['country', ...newestFirst('category')],
    },
    {
      name: 'projects_country_status_created_at_id_index',
      properties: ['country', ...newestFirst('status')],
    },
    // Migration20270315000001_word_search (decision 0214).
    { name: 'projects_search_vector_index', properties: ['searchVector'], type: 'gin' },
    // Migration20270130000002_budget_band_indexes (decision 0112) and
    // Migration20270130000003_band_indexes_by_country_and_category (decision 0113).
    ...Object.values(BUDGET_BAND_INDEXES).flatMap(({ names, condition }) =>
      BAND_INDEX_LEADS.map((lead) => ({
        name: names[lead],
        expression: `create index "${names[lead]}" on "projects" (${[
          ...(lead === '' ? [] : lead.split(',')),
          'created_at',
          'id',
        ]
          .map((column) => `"${column}"`)
          .join(', ')}) where ${condition}`,
      })),
    ),
  ],
});
export type ProjectRecord = InferEntity<typeof ProjectRecord>;

/**
 * A column holding a project's id (`project_id` unless named): it follows the id when it changes; what a
 * deletion does is the caller's.
 */
export const projectRef = (column = 'project_id') =>
  p.manyToOne(ProjectRecord).mapToPk().fieldName(column).updateRule('cascade');

/** One element of projects.attachments. */
export interface StoredAttachment {
  name: string;
  originalName?: string;
  mimeType?: string;
  size?: number;
}

export const BidRecord = defineEntity({
  name: 'BidRecord',
  tableName: 'bids',
  properties: {
    id: p.uuid().primary(),
    projectId: projectRef(),
    contractorId: userRef('contractor_id'),
    amount: p.decimal('string').precision(10).scale(2),
    timeline: p.integer(),
    proposal: p.text(),
    status: p.string().length(20).default('pending'),
    createdAt: timestamptz(),
    updatedAt: timestamptz(),
  },
  uniques: [{ name: 'bids_project_id_contractor_id_unique', properties: ['projectId', 'contractorId'] }],
  indexes: [{ name: 'bids_contractor_id_created_at_index', properties: ['contractorId', 'createdAt'] }],
});
export type BidRecord = InferEntity<typeof BidRecord>;

export const ReviewRecord = defineEntity({
  name: 'ReviewRecord',
  tableName: 'reviews',
  properties: {
    id: p.uuid().primary(),
    projectId: projectRef().nullable().deleteRule('set null'),
    reviewerId: userRef('reviewer_id'),
    revieweeId: userRef('reviewee_id').index('reviews_reviewee_id_index'),
    rating: p.integer(),
    comment: p.text().nullable(),
    createdAt: timestamptz(),
  },
  uniques: [{ name: 'reviews_project_id_reviewer_id_unique', properties: ['projectId', 'reviewerId'] }],
});
export type ReviewRecord = InferEntity<typeof ReviewRecord>;

/** The seeded badge catalogue (domain/achievement BADGES). */
export const BadgeRecord = defineEntity({
  name: 'BadgeRecord',
  tableName: 'badges',
  properties: {
    id: p.string().length(50).primary(),
    name: p.string().length(100),
    description: p.text(),
    category: p.string().length(20),
    tier: p.string().length(20),
    icon: p.string().length(50),
    pointsRequired: p.integer(),
    createdAt: timestamptz().defaultRaw('now()'),
  },
});
export type BadgeRecord = InferEntity<typeof BadgeRecord>;

export const UserBadgeRecord = defineEntity({
  name: 'UserBadgeRecord',
  tableName: 'user_badges',
  properties: {
    id: p.uuid().primary(),
    userId: ownerUserId(),
    badgeId: p.manyToOne(BadgeRecord).mapToPk().fieldName('badge_id').updateRule('cascade'),
    earnedAt: timestamptz(),
  },
  uniques: [{ name: 'user_badges_user_id_badge_id_unique', properties: ['userId', 'badgeId'] }],
});
export type UserBadgeRecord = InferEntity<typeof UserBadgeRecord>;

export const UserAchievementRecord = defineEntity({
  name: 'UserAchievementRecord',
  tableName: 'user_achievements',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    userId: ownerUserId(),
    category: p.string().length(20),
    points: p.integer().default(0),
    level: p.integer().default(1),
    updatedAt: timestamptz(),
  },
  uniques: [{ name: 'user_achievements_user_id_category_unique', properties: ['userId', 'category'] }],
});
export type UserAchievementRecord = InferEntity<typeof UserAchievementRecord>;

/** accounts-and-shell section 3. Table only for now. */
export const NotificationRecord = defineEntity({
  name: 'NotificationRecord',
  tableName: 'notifications',
  properties: {
    id: p.uuid().primary(),
    userId: ownerUserId(),
    type: p.string().length(30),
    title: p.string().length(255),
    message: p.text(),
    relatedEntityId: p.string().length(255).nullable(),
    isRead: p.boolean().default(false),
    createdAt: timestamptz(),
  },
  indexes: [{ name: 'notifications_user_id_created_at_index', properties: ['userId', 'createdAt'] }],
});
export type NotificationRecord = InferEntity<typeof NotificationRecord>;

/** accounts-and-shell section 3. Table only for now; projectId is cleared when the project is deleted. */
export const MessageRecord = defineEntity({
  name: 'MessageRecord',
  tableName: 'messages',
  properties: {
    id: p.uuid().primary(),
    senderId: userRef('sender_id'),
    receiverId: userRef('receiver_id'),
    projectId: projectRef().nullable().deleteRule('set null').index('messages_project_id_index'),
    type: p.string().length(20).default('text'),
    content: p.text(),
    attachment: p.text().nullable(),
    isRead: p.boolean().default(false),
    createdAt: timestamptz(),
    /** When an unread-message reminder mail covered this message (Migration20261210000000_messaging). */
    emailNotifiedAt: timestamptz().nullable(),
  },
  indexes: [
    { name: 'messages_sender_id_created_at_index', properties: ['senderId', 'createdAt'] },
    { name: 'messages_receiver_id_created_at_index', properties: ['receiverId', 'createdAt'] },
    { name: 'messages_receiver_id_is_read_index', properties: ['receiverId', 'isRead'] },
    {
      name: 'messages_is_read_email_notified_at_created_at_index',
      properties: ['isRead', 'emailNotifiedAt', 'createdAt'],
    },
  ],
});
export type MessageRecord = InferEntity<typeof MessageRecord>;
