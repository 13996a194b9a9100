import {
  isRole,
  SUBSCRIPTION_TIERS,
  type SubscriptionTier,
  User,
  type UserSnapshot,
} from '../../domain/user/user.ts';
import type { UserRecord } from './entities.ts';

/** A `users` row as MikroORM reads and writes it (rating is the numeric(3,2) text, e.g. '4.50'). */
export type UserRow = UserRecord;

function isSubscriptionTier(value: string): value is SubscriptionTier {
  return (SUBSCRIPTION_TIERS as readonly string[]).includes(value);
}

/** 450 -> '4.50'. Integer arithmetic only, so the value is exact. */
function hundredthsToRating(hundredths: number): string {
  if (!Number.isInteger(hundredths) || hundredths < 0 || hundredths > 999) {
    throw new RangeError(`ratingHundredths must be an integer in 0..999, got ${hundredths}`);
  }
  const whole = Math.trunc(hundredths / 100);
  const fraction = String(hundredths % 100).padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** '4.5', '4.50', '4' or 4.5 -> 450. Parses the decimal text instead of multiplying a float. */
export function ratingToHundredths(rating: string | number): number {
  const text = typeof rating === 'number' ? rating.toFixed(2) : rating.trim();
  const match = /^(\d+)(?:\.(\d{0,2})\d*)?$/.exec(text);
  if (!match) {
    throw new RangeError(`Unexpected rating value '${text}'`);
  }
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** A stored row -> the domain snapshot. Rejects values the domain does not know. */
export function userRowToSnapshot(row: UserRow): UserSnapshot {
  if (!isRole(row.role)) {
    throw new Error(`users.role of ${row.id} holds unknown role '${row.role}'`);
  }
  if (!isSubscriptionTier(row.subscriptionTier)) {
    throw new Error(`users.subscription_tier of ${row.id} holds unknown tier '${row.subscriptionTier}'`);
  }
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.passwordHash,
    firstName: row.firstName ?? null,
    lastName: row.lastName ?? null,
    profileImageUrl: row.profileImageUrl ?? null,
    role: row.role,
    country: row.country,
    subscriptionTier: row.subscriptionTier,
    stripeCustomerId: row.stripeCustomerId ?? null,
    stripeSubscriptionId: row.stripeSubscriptionId ?? null,
    ratingHundredths: ratingToHundredths(row.rating),
    reviewCount: row.reviewCount,
    emailNotifications: row.emailNotifications,
    services: [...(row.services ?? [])],
    emailVerifiedAt: row.emailVerifiedAt ? new Date(row.emailVerifiedAt) : null,
    deletedAt: row.deletedAt ? new Date(row.deletedAt) : null,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}

/** The domain snapshot -> the column values to write. */
function snapshotToUserRow(snapshot: UserSnapshot): UserRow {
  return {
    id: snapshot.id,
    email: snapshot.email,
    passwordHash: snapshot.passwordHash,
    firstName: snapshot.firstName,
    lastName: snapshot.lastName,
    profileImageUrl: snapshot.profileImageUrl,
    role: snapshot.role,
    country: snapshot.country,
    subscriptionTier: snapshot.subscriptionTier,
    stripeCustomerId: snapshot.stripeCustomerId,
    stripeSubscriptionId: snapshot.stripeSubscriptionId,
    rating: hundredthsToRating(snapshot.ratingHundredths),
    reviewCount: snapshot.reviewCount,
    emailNotifications: snapshot.emailNotifications,
    services: [...snapshot.services],
    emailVerifiedAt: snapshot.emailVerifiedAt ? new Date(snapshot.emailVerifiedAt) : null,
    deletedAt: snapshot.deletedAt ? new Date(snapshot.deletedAt) : null,
    createdAt: new Date(snapshot.createdAt),
    updatedAt: new Date(snapshot.updatedAt),
  };
}

export function userRowToDomain(row: UserRow): User {
  return User.restore(userRowToSnapshot(row));
}

export function userToRow(user: User): UserRow {
  return snapshotToUserRow(user.toSnapshot());
}
