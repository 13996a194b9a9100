import { type Static, type TSchema, Type } from 'typebox';
import { ROLES, SUBSCRIPTION_TIERS, type User } from '#domain/user/user.ts';

/**
 * Shared schemas, registered once with an $id so the OpenAPI document names them
 * (components/schemas/User, ...) and routes reference them.
 */
export const UserSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String({ format: 'email' }),
    firstName: Type.Union([Type.String(), Type.Null()]),
    lastName: Type.Union([Type.String(), Type.Null()]),
    name: Type.String({ description: "'First Last', or the email when no name was given" }),
    profileImageUrl: Type.Union([Type.String(), Type.Null()]),
    role: Type.Enum([...ROLES]),
    country: Type.String({ description: 'Two-letter country code' }),
    subscriptionTier: Type.Enum([...SUBSCRIPTION_TIERS]),
    rating: Type.Number({ description: 'Average review rating, 0.00 to 5.00' }),
    reviewCount: Type.Integer(),
    emailNotifications: Type.Boolean(),
    emailVerified: Type.Boolean({
      description:
        'Whether the email was verified through its link; no notification mail goes out until it is',
    }),
    services: Type.Array(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'User',
    additionalProperties: false,
    description: 'A user as the API shows it. Passwords and payment-provider ids are never included.',
    examples: [
      {
        id: '7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281',
        email: 'contractor@demo.buildbid.bs',
        firstName: 'Marcus',
        lastName: 'Rolle',
        name: 'Marcus Rolle',
        profileImageUrl: null,
        role: 'contractor',
        country: 'BS',
        subscriptionTier: 'free',
        rating: 4.5,
        reviewCount: 2,
        emailNotifications: true,
        emailVerified: true,
        services: ['electrical', 'roofing'],
        createdAt: '2026-10-02T15:00:00.000Z',
        updatedAt: '2026-11-20T09:30:00.000Z',
      },
    ],
  },
);
export type UserDto = Static<typeof UserSchema>;

const ErrorSchema = Type.Object(
  {
    message: Type.String({ description: 'What went wrong, in words a person can act on' }),
    code: Type.String({ description: 'A stable machine-readable code, e.g. EMAIL_TAKEN' }),
    field: Type.Optional(Type.String({ description: 'The input field the error is about' })),
  },
  {
    $id: 'Error',
    examples: [
      { message: 'An account with this email already exists', code: 'EMAIL_TAKEN', field: 'email' },
      { message: "You've reached your monthly limit of 3 bids on the free plan.", code: 'BID_LIMIT_REACHED' },
    ],
  },
);
export type ErrorDto = Static<typeof ErrorSchema>;

export const SHARED_SCHEMAS = [UserSchema, ErrorSchema];

/** A reference to a shared schema that keeps the handler's return type checked. */
export function ref<T extends TSchema & { $id?: string }>(schema: T) {
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id as string));
}

export const UserRef = ref(UserSchema);
export const ErrorRef = ref(ErrorSchema);

export const RoleSchema = Type.Enum([...ROLES], { description: 'client, contractor, vendor or admin' });

/** Responses every route may give, by status. */
export function errors(...statuses: number[]): Record<number, typeof ErrorRef> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorRef]));
}

export function toUserDto(user: User): UserDto {
  const s = user.toSnapshot();
  return {
    id: s.id,
    email: s.email,
    firstName: s.firstName,
    lastName: s.lastName,
    name: user.name,
    profileImageUrl: s.profileImageUrl,
    role: s.role,
    country: s.country,
    subscriptionTier: s.subscriptionTier,
    rating: s.ratingHundredths / 100,
    reviewCount: s.reviewCount,
    emailNotifications: s.emailNotifications,
    emailVerified: user.emailVerified,
    services: s.services,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
