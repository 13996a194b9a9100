import { DEFAULT_USER_COUNTRY, isCountryCode } from '../catalog/countries.ts';
import { CATALOG_ERRORS } from '../catalog/errors.ts';
import { isServiceType } from '../catalog/service-types.ts';
import { withFields } from '../shared/entity.ts';
import { ValidationError } from '../shared/errors.ts';
import { averageRatingHundredths } from '../shared/rating.ts';
import { USER_ERRORS } from './errors.ts';

export const ROLES = ['client', 'contractor', 'vendor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles a user may give themselves; admin is granted only by another admin or the CLI. */
const SELF_SERVICE_ROLES = ['client', 'contractor', 'vendor'] as const;
type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];

export const SUBSCRIPTION_TIERS = ['free', 'pro'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

const DEFAULT_ROLE: Role = 'client';
/**
 * NIST SP 800-63B: at least 8 characters, and long passphrases allowed (at least 64; we take 256).
 * Characters are Unicode code points, as the API's schemas count them (decision 0191, departing from
 * the spec's 6).
 */
const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

function isSelfServiceRole(value: string): value is SelfServiceRole {
  return (SELF_SERVICE_ROLES as readonly string[]).includes(value);
}

/** Emails are compared trimmed and lower-cased, so 'Ann@X.com ' and 'ann@x.com' are one account. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email)) {
    throw USER_ERRORS.INVALID_EMAIL({ field: 'email' });
  }
  return email;
}

export function checkPasswordPolicy(password: string): void {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    throw USER_ERRORS.PASSWORD_TOO_SHORT(
      `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
      'password',
    );
  }
  if (password.trim() === '') {
    throw USER_ERRORS.PASSWORD_BLANK({ field: 'password' });
  }
  if (length > MAX_PASSWORD_LENGTH) {
    throw USER_ERRORS.PASSWORD_TOO_LONG(
      `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
      'password',
    );
  }
}

function cleanName(raw: string | null | undefined, field: 'firstName' | 'lastName'): string | null {
  const name = (raw ?? '').trim();
  if (name.length > MAX_NAME_LENGTH) {
    throw USER_ERRORS.NAME_TOO_LONG(
      `${field === 'firstName' ? 'First name' : 'Last name'} must be at most ${MAX_NAME_LENGTH} characters`,
      field,
    );
  }
  return name === '' ? null : name;
}

function checkCountry(code: string): string {
  const country = code.trim().toUpperCase();
  if (!isCountryCode(country)) {
    throw CATALOG_ERRORS.UNKNOWN_COUNTRY(`Unknown country code '${code}'`, 'country');
  }
  return country;
}

export interface UserSnapshot {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  country: string;
  subscriptionTier: SubscriptionTier;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  /** Average review rating in hundredths (4.5 is 450), kept as an integer to avoid float drift. */
  ratingHundredths: number;
  reviewCount: number;
  /** Whether the user wants email (accounts-and-shell: the Notifications tab's toggle). */
  emailNotifications: boolean;
  services: string[];
  /**
   * When the current email was verified through its link (decision 0160); null until then. Until it is, no
   * notification mail goes to it. Missing in older snapshots: read as not verified.
   */
  emailVerifiedAt?: Date | null;
  /** When the account was deleted (decision 0160): the row stays as 'Deleted user' for what others rely on. */
  deletedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The name shown for a deleted account's bids, messages and reviews. */
const DELETED_USER_NAME = 'Deleted user';

/** The profile form's fields (accounts-and-shell section 3). */
export interface ProfileForm {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  email?: string | undefined;
  country?: string | undefined;
  role?: string | undefined;
}

function requiredName(
  raw: string | null | undefined,
  field: 'firstName' | 'lastName',
  message: string,
): string {
  const name = cleanName(raw, field);
  if (name === null) {
    throw new ValidationError(
      field === 'firstName' ? 'FIRST_NAME_REQUIRED' : 'LAST_NAME_REQUIRED',
      message,
      field,
    );
  }
  return name;
}

export interface RegisterUserProps {
  id: string;
  email: string;
  passwordHash: string;
  firstName?: string | null;
  lastName?: string | null;
  role?: string;
  country?: string;
  now: Date;
}

/** The User aggregate: identity, role, country and plan. Passwords arrive already hashed. */
export class User extends withFields<UserSnapshot>()(
  'email',
  'passwordHash',
  'firstName',
  'lastName',
  'role',
  'country',
  'subscriptionTier',
  'profileImageUrl',
  'stripeCustomerId',
  'stripeSubscriptionId',
  'ratingHundredths',
  'reviewCount',
  'emailNotifications',
) {
  private constructor(props: UserSnapshot) {
    super(props);
  }

  static register(input: RegisterUserProps): User {
    const role = input.role ?? DEFAULT_ROLE;
    if (!isRole(role)) {
      throw USER_ERRORS.INVALID_ROLE({ field: 'role' });
    }
    if (!isSelfServiceRole(role)) {
      throw USER_ERRORS.ROLE_NOT_SELF_ASSIGNABLE('The admin role cannot be chosen at registration', 'role');
    }
    return new User({
      id: input.id,
      email: normalizeEmail(input.email),
      passwordHash: input.passwordHash,
      firstName: cleanName(input.firstName, 'firstName'),
      lastName: cleanName(input.lastName, 'lastName'),
      profileImageUrl: null,
      role,
      country: checkCountry(input.country ?? DEFAULT_USER_COUNTRY),
      subscriptionTier: 'free',
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      ratingHundredths: 0,
      reviewCount: 0,
      emailNotifications: true,
      services: [],
      emailVerifiedAt: null,
      deletedAt: null,
      createdAt: input.now,
      updatedAt: input.now,
    });
  }

  static restore(snapshot: UserSnapshot): User {
    return new User({
      ...snapshot,
      services: [...snapshot.services],
      emailVerifiedAt: snapshot.emailVerifiedAt ?? null,
      deletedAt: snapshot.deletedAt ?? null,
    });
  }

  get isAdmin(): boolean {
    return this.props.role === 'admin';
  }

  /** The contractor's service specialties (service ids). */
  get services(): readonly string[] {
    return [...this.props.services];
  }
  /** Contractors and vendors bid; clients and admins do not. */
  get canBid(): boolean {
    return this.props.role === 'contractor' || this.props.role === 'vendor';
  }

  /**
   * Sets rating and reviewCount from the sum and number of the user's reviews, so they always
   * follow the stored reviews instead of drifting with incremental updates.
   */
  applyRatingSummary(reviewCount: number, ratingTotal: number, now: Date): void {
    if (
      !Number.isInteger(reviewCount) ||
      reviewCount < 0 ||
      ratingTotal < 0 ||
      ratingTotal > reviewCount * 5
    ) {
      throw USER_ERRORS.INVALID_RATING_SUMMARY();
    }
    this.props.reviewCount = reviewCount;
    this.props.ratingHundredths = averageRatingHundredths(ratingTotal, reviewCount);
    this.props.updatedAt = now;
  }

  /** Records the payment provider's customer for this user. */
  linkPaymentCustomer(customerId: string, now: Date): void {
    this.props.stripeCustomerId = customerId;
    this.props.updatedAt = now;
  }

  /**
   * Sets the plan from the subscription's state (see tierForSubscriptionStatus): pro while it is
   * active or trialing, free otherwise. Existing bids are untouched by a downgrade.
   */
  changeSubscription(tier: SubscriptionTier, subscriptionId: string | null, now: Date): void {
    this.props.subscriptionTier = tier;
    this.props.stripeSubscriptionId = subscriptionId;
    this.props.updatedAt = now;
  }

  /** The display name: 'First Last', or the email when the user gave no name. */
  get name(): string {
    if (this.props.deletedAt) return DELETED_USER_NAME;
    const full = [this.props.firstName, this.props.lastName].filter(Boolean).join(' ');
    return full === '' ? this.props.email : full;
  }

  /** Self-service role switch (accounts-and-shell section 4): client, contractor or vendor only. */
  changeOwnRole(role: string, now: Date): void {
    if (!isRole(role)) {
      throw USER_ERRORS.INVALID_ROLE({ field: 'role' });
    }
    if (!isSelfServiceRole(role)) {
      throw USER_ERRORS.ROLE_NOT_SELF_ASSIGNABLE({ field: 'role' });
    }
    this.#setRole(role, now);
  }

  /**
   * Refuses a role change that would leave the platform without an admin: `adminIds` are the current
   * admins (locked by the caller). 409 LAST_ADMIN.
   */
  assertNotLastAdmin(newRole: string, adminIds: readonly string[]): void {
    if (this.props.role !== 'admin' || newRole === 'admin') return;
    if (adminIds.filter((id) => id !== this.id).length === 0) {
      throw USER_ERRORS.LAST_ADMIN(
        `${this.name || this.email} is the only admin. Make another user an admin before changing this role.`,
        'role',
      );
    }
  }

  /** An admin (or the promote CLI) may set any of the four roles. */
  assignRole(role: string, now: Date): void {
    if (!isRole(role)) {
      throw USER_ERRORS.INVALID_ROLE('role must be one of client, contractor, vendor, admin', 'role');
    }
    this.#setRole(role, now);
  }

  #setRole(role: Role, now: Date): void {
    this.props.role = role;
    this.props.updatedAt = now;
  }

  /**
   * The profile form (accounts-and-shell sections 2 and 5): firstName, lastName, email and country are
   * required; role is client, contractor or vendor, and admin only for someone who is admin already.
   * Every field is checked before anything changes. Email uniqueness is the repository's (EMAIL_TAKEN).
   */
  updateProfile(input: ProfileForm, now: Date): void {
    const firstName = requiredName(input.firstName, 'firstName', 'First name is required');
    const lastName = requiredName(input.lastName, 'lastName', 'Last name is required');
    const email = normalizeEmail(input.email ?? '');
    if ((input.country ?? '').trim() === '') {
      throw CATALOG_ERRORS.COUNTRY_REQUIRED({ field: 'country' });
    }
    const country = checkCountry(input.country ?? '');
    let role = this.props.role;
    if (input.role !== undefined && input.role !== role) {
      if (!isRole(input.role)) {
        throw USER_ERRORS.INVALID_ROLE('role must be one of client, contractor, vendor, admin', 'role');
      }
      if (!isSelfServiceRole(input.role) && !this.isAdmin) {
        throw USER_ERRORS.ROLE_NOT_SELF_ASSIGNABLE({ field: 'role' });
      }
      role = input.role;
    }
    // A new email is unverified until its own link is followed (decision 0160).
    const emailVerifiedAt = email === this.props.email ? (this.props.emailVerifiedAt ?? null) : null;
    Object.assign(this.props, {
      firstName,
      lastName,
      email,
      country,
      role,
      emailVerifiedAt,
      updatedAt: now,
    });
  }

  /** The service specialties (the Services tab): ids of the service-type catalogue, without repeats. */
  changeServices(services: readonly string[], now: Date): void {
    const unknown = services.find((id) => !isServiceType(id));
    if (unknown !== undefined) {
      throw CATALOG_ERRORS.UNKNOWN_SERVICE(`Unknown service '${unknown}'`, 'services');
    }
    this.props.services = [...new Set(services)];
    this.props.updatedAt = now;
  }

  /** Turns email notifications on or off (the Notifications tab, or an unsubscribe link). */
  changeEmailNotifications(enabled: boolean, now: Date): void {
    this.props.emailNotifications = enabled;
    this.props.updatedAt = now;
  }

  /** Whether the current email has been verified through its link. */
  get emailVerified(): boolean {
    return (this.props.emailVerifiedAt ?? null) !== null;
  }

  get isDeleted(): boolean {
    return (this.props.deletedAt ?? null) !== null;
  }

  /**
   * The verification link names the email it was sent to: following it verifies that email only, so a
   * link sent before an email change verifies nothing (INVALID_VERIFICATION_TOKEN).
   */
  verifyEmail(email: string, now: Date): void {
    if (this.isDeleted || email !== this.props.email) {
      throw USER_ERRORS.INVALID_VERIFICATION_TOKEN(
        'This verification link is invalid or has expired.',
        'token',
      );
    }
    if (this.emailVerified) return;
    this.props.emailVerifiedAt = now;
    this.props.updatedAt = now;
  }

  /** A new password (already checked against the rules and hashed). */
  changePasswordHash(passwordHash: string, now: Date): void {
    this.props.passwordHash = passwordHash;
    this.props.updatedAt = now;
  }

  /**
   * Deletes the account (decision 0160): the person's data goes, and the row stays only so that the bids,
   * messages and reviews others rely on keep an author, shown as 'Deleted user'. The email is freed
   * (replaced by an address that cannot receive mail), the password can never match, mail is off.
   */
  erase(now: Date): void {
    Object.assign(this.props, {
      email: `deleted-${this.props.id}@deleted.invalid`,
      passwordHash: '!deleted',
      firstName: 'Deleted',
      lastName: 'user',
      profileImageUrl: null,
      subscriptionTier: 'free',
      stripeSubscriptionId: null,
      emailNotifications: false,
      services: [],
      emailVerifiedAt: null,
      deletedAt: now,
      updatedAt: now,
    } satisfies Partial<UserSnapshot>);
  }

  protected override copy(props: UserSnapshot): UserSnapshot {
    return { ...props, services: [...props.services] };
  }
}
