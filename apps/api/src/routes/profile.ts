import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { type ProfileChange, UpdateProfile } from '#application/profile/index.ts';
import { RateLimitError, ValidationError } from '#domain/shared/errors.ts';
import type { Config } from '../config.ts';
import { operation } from '../http/openapi.ts';
import { errors, toUserDto, UserRef } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

const PROFILE_FIELDS = ['firstName', 'lastName', 'email', 'country', 'role'] as const;

const ProfilePatchBody = Type.Object(
  {
    firstName: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    lastName: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    email: Type.Optional(Type.String({ maxLength: 1000 })),
    country: Type.Optional(Type.String({ maxLength: 100 })),
    role: Type.Optional(
      Type.String({ maxLength: 50, description: 'client, contractor or vendor; admin only for admins' }),
    ),
    services: Type.Optional(
      Type.Array(Type.String({ maxLength: 100 }), {
        maxItems: 100,
        description: 'Service-type ids (GET /api/catalog)',
      }),
    ),
    emailNotifications: Type.Optional(Type.Boolean()),
    currentPassword: Type.Optional(
      Type.String({
        maxLength: 1000,
        description: 'Required with the profile form when it changes the email (400 PASSWORD_REQUIRED)',
      }),
    ),
  },
  {
    examples: [
      {
        firstName: 'Marcus',
        lastName: 'Rolle',
        email: 'marcus@example.com',
        country: 'BS',
        role: 'contractor',
      },
      { services: ['electrical', 'roofing'] },
      { emailNotifications: false },
    ],
    description:
      'Exactly one of three payloads: the profile form {firstName, lastName, email, country, role}; {services}; ' +
      'or {emailNotifications}.',
  },
);

export const profileNeeds = needs(['sendVerificationEmail', 'updateProfile']);

/** PATCH /api/users/me: the Profile page's three saves (accounts-and-shell sections 2, 5 and 7). */
export const profileRoutes: FastifyPluginAsyncTypebox<
  UsesOf<typeof profileNeeds> & { config: Config }
> = async (app, { config, useCases }) => {
  /** Email changes (attempts, right or wrong password) per user in the last hour, in this process. */
  const emailChanges = new Map<string, number[]>();
  const HOUR = 60 * 60_000;
  const countEmailChange = (userId: string) => {
    const now = Date.now();
    const recent = (emailChanges.get(userId) ?? []).filter((t) => now - t < HOUR);
    if (recent.length >= config.emailChangesPerHour) {
      const waitMs = HOUR - (now - (recent[0] ?? now));
      const wait = Math.ceil(waitMs / 60_000);
      throw new RateLimitError(
        'EMAIL_CHANGE_LIMITED',
        `You can change your email ${config.emailChangesPerHour} times an hour. Try again in ${wait} minutes.`,
        waitMs / 1000,
      );
    }
    recent.push(now);
    emailChanges.set(userId, recent);
  };
  app.patch(
    '/api/users/me',
    {
      schema: {
        tags: ['users'],
        ...operation({
          id: 'updateProfile',
          summary: 'Update your profile, your service specialties, or your email-notification preference',
          access: 'session',
          errors: {
            400: [
              'ONE_CHANGE_AT_A_TIME',
              'FIRST_NAME_REQUIRED',
              'LAST_NAME_REQUIRED',
              'NAME_TOO_LONG',
              'INVALID_EMAIL',
              'COUNTRY_REQUIRED',
              'UNKNOWN_COUNTRY',
              'INVALID_ROLE',
              'UNKNOWN_SERVICE',
              'PASSWORD_REQUIRED',
              'WRONG_PASSWORD',
            ],
            403: ['ROLE_NOT_SELF_ASSIGNABLE'],
            409: ['EMAIL_TAKEN', 'LAST_ADMIN'],
            429: ['EMAIL_CHANGE_LIMITED'],
          },
          responses: { 200: 'You, as saved' },
          description:
            "The profile form answers 400 with the spec's messages: 'First name is required', 'Last name is " +
            "required', 'Invalid email address', 'Country is required'. An email in use answers 409 EMAIL_TAKEN; " +
            'role admin 403 unless you are an admin. A new email needs currentPassword (400 PASSWORD_REQUIRED, ' +
            '400 WRONG_PASSWORD) and is limited to EMAIL_CHANGES_PER_HOUR per user (429 EMAIL_CHANGE_LIMITED). ' +
            'services must be ids of the service-type catalogue ' +
            '(400 UNKNOWN_SERVICE). Mixing the payloads answers 400 ONE_CHANGE_AT_A_TIME.',
        }),
        body: ProfilePatchBody,
        response: { 200: UserRef, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const user = request.user;
      const body = request.body;
      const kinds = [
        PROFILE_FIELDS.some((f) => body[f] !== undefined) ? 'profile' : null,
        body.services !== undefined ? 'services' : null,
        body.emailNotifications !== undefined ? 'emailNotifications' : null,
      ].filter((k) => k !== null);
      if (kinds.length !== 1) {
        throw new ValidationError(
          'ONE_CHANGE_AT_A_TIME',
          'Send one of: the profile form (firstName, lastName, email, country, role), {services} or {emailNotifications}',
        );
      }
      let change: ProfileChange;
      if (body.services !== undefined) change = { kind: 'services', services: body.services };
      else if (body.emailNotifications !== undefined) {
        change = { kind: 'emailNotifications', enabled: body.emailNotifications };
      } else {
        const { firstName, lastName, email, country, role, currentPassword } = body;
        change = { kind: 'profile', form: { firstName, lastName, email, country, role }, currentPassword };
        if (UpdateProfile.changesEmail(user, change)) countEmailChange(user.id);
      }
      const saved = await useCases.updateProfile.execute(user.id, change);
      // A new email is unverified: its own link goes to it (decision 0160).
      if (saved.email !== user.email) await useCases.sendVerificationEmail.execute(saved);
      return toUserDto(saved);
    },
  );
};
