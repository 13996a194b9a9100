import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { type ProfileChange, UpdateProfile } from '../../../../application/profile/use-cases.ts';
import { ValidationError } from '../../../../domain/shared/errors.ts';
import { requireUser } from '../http/auth.ts';
import { errors, toUserDto, UserRef } from '../http/schemas.ts';
import type { AppServices } from '../http/services.ts';

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
  },
  {
    description:
      'Exactly one of three payloads: the profile form {firstName, lastName, email, country, role}; {services}; ' +
      'or {emailNotifications}.',
  },
);

/** PATCH /api/users/me: the Profile page's three saves (accounts-and-shell sections 2, 5 and 7). */
export const profileRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.patch(
    '/api/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Update your profile, your service specialties, or your email-notification preference',
        description:
          "The profile form answers 400 with the spec's messages: 'First name is required', 'Last name is " +
          "required', 'Invalid email address', 'Country is required'. An email in use answers 409 EMAIL_TAKEN; " +
          'role admin 403 unless you are an admin. services must be ids of the service-type catalogue ' +
          '(400 UNKNOWN_SERVICE). Mixing the payloads answers 400 ONE_CHANGE_AT_A_TIME.',
        security: [{ session: [] }],
        body: ProfilePatchBody,
        response: { 200: UserRef, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
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
        const { firstName, lastName, email, country, role } = body;
        change = { kind: 'profile', form: { firstName, lastName, email, country, role } };
      }
      return toUserDto(await services.get(UpdateProfile).execute(user.id, change));
    },
  );
};
