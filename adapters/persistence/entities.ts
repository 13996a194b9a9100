import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * MikroORM mappings (no decorators) for plain persistence records. The domain classes never reach
 * the ORM: repositories translate records to aggregates with the mappers next to this file.
 *
 * Keep these in step with the SQL in ./migrations: a test compares them (schema diff must be empty).
 */

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
    services: p.json<string[]>().columnType('jsonb').defaultRaw(`'[]'::jsonb`),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
  indexes: [{ name: 'users_role_created_at_index', properties: ['role', 'createdAt'] }],
});
export type UserRecord = InferEntity<typeof UserRecord>;

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
    expire: p.datetime().columnType('timestamptz').index('session_expire_index'),
  },
});
export type SessionRecord = InferEntity<typeof SessionRecord>;

/** Every mapped entity; createOrm registers these. */
export const entities = [UserRecord, SessionRecord];
