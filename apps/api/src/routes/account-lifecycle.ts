import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { VERIFICATION_MAILS_PER_HOUR } from '#application/accounts/index.ts';
import type { ErrorCode } from '#domain/shared/error-codes.ts';
import { ConflictError } from '#domain/shared/errors.ts';
import type { Config } from '../config.ts';
import { sessionId } from '../http/auth.ts';
import { operation } from '../http/openapi.ts';
import { errors, toUserDto, UserRef } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

/**
 * The account lifecycle over HTTP (docs/decisions/0160-account-lifecycle.md): forgotten
 * passwords, password changes, email verification, the data export and account deletion.
 */
const PASSWORD_RULE_CODES: ErrorCode[] = [
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_TOO_COMMON',
  'PASSWORD_BLANK',
];

const MessageBody = Type.Object(
  { message: Type.String({ description: 'What happened, in words to show the person' }) },
  { examples: [{ message: 'We sent a new verification link to ann@example.com.' }] },
);

const AnyRecord = Type.Object({}, { additionalProperties: true });

const ExportBody = Type.Object(
  {
    exportedAt: Type.String({ format: 'date-time' }),
    profile: UserRef,
    projects: Type.Array(AnyRecord, { description: 'The projects you posted' }),
    bids: Type.Array(AnyRecord, { description: 'The bids you made, with the project title' }),
    messages: Type.Array(AnyRecord, { description: 'Messages you sent or received' }),
    reviews: Type.Array(AnyRecord, { description: 'Reviews you wrote or received' }),
    savedSearches: Type.Array(AnyRecord, {
      description: 'Your saved searches with their filters and alerts',
    }),
    savedProjects: Type.Array(AnyRecord, {
      description: 'The projects you saved, with their titles and when you saved them',
    }),
    notifications: Type.Array(AnyRecord, { description: 'Your notifications, read or not' }),
  },
  { description: "Everything the account holds about you ('Download my data')" },
);

export const accountLifecycleNeeds = needs([
  'cancelSubscription',
  'changePassword',
  'deleteAccount',
  'exportMyData',
  'requestPasswordReset',
  'resetPassword',
  'sendVerificationEmail',
  'verifyEmail',
]);

export const accountLifecycleRoutes: FastifyPluginAsyncTypebox<
  UsesOf<typeof accountLifecycleNeeds> & { config: Config }
> = async (app, { config, useCases }) => {
  const authLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/api/auth/forgot-password',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        ...operation({
          id: 'requestPasswordReset',
          summary: "'Forgot password?': mail a single-use reset link",
          description:
            'Always answers 202 with the same message, whether or not the email has an account, so nobody ' +
            'learns who has one. An account gets a link valid for one hour (at most 3 mails an hour); only ' +
            'its hash is stored. Limited per address like sign-in (429 RATE_LIMITED).',
          access: 'public',
          errors: { 400: ['EMAIL_REQUIRED'] },
          responses: { 202: 'The same message for every email' },
        }),
        body: Type.Object(
          { email: Type.String({ maxLength: 254 }) },
          { examples: [{ email: 'marcus@example.com' }] },
        ),
        response: { 202: MessageBody, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const message = await useCases.requestPasswordReset.execute(request.body.email);
      return reply.status(202).send({ message });
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        ...operation({
          id: 'resetPassword',
          summary: 'Set a new password through a reset link, and sign in',
          description:
            'Uses the link once: sets the password (the registration rules apply), revokes every session of ' +
            'the account and closes their sockets, and signs in fresh (the answer sets the `buildbid_session` ' +
            'cookie). An unknown, used or expired link answers 400 INVALID_RESET_TOKEN; a refused password ' +
            'leaves the link usable. A suspended account gets its new password but no session: 403 ' +
            'ACCOUNT_SUSPENDED, as at sign-in (decision 0223).',
          access: 'public',
          errors: { 400: ['INVALID_RESET_TOKEN', ...PASSWORD_RULE_CODES], 403: ['ACCOUNT_SUSPENDED'] },
          responses: { 200: 'The signed-in user; the session cookie is set' },
        }),
        body: Type.Object(
          {
            token: Type.String({ maxLength: 200, description: "The link's token" }),
            password: Type.String({ maxLength: 256 }),
          },
          {
            examples: [
              { token: 'q2VxW0p1wq0ZbQv3S6lq6d0J1m3q0b8v2p9YyQk2h3c', password: 'a new passphrase' },
            ],
          },
        ),
        response: { 200: UserRef, ...errors(400, 403, 429) },
      },
    },
    async (request) => {
      const { user, session } = await useCases.resetPassword.execute(request.body);
      request.session.regenerate();
      request.session.set('sid', session.sid);
      return toUserDto(user);
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        ...operation({
          id: 'verifyEmail',
          summary: 'Verify an email through the link sent to it',
          description:
            'No sign-in needed. The link names the user and the email it was sent to, and is valid for 7 days; ' +
            'a link for an email the account no longer has, a forged or an expired one answers 400 ' +
            'INVALID_VERIFICATION_TOKEN. Following a link twice is fine.',
          access: 'public',
          errors: { 400: ['INVALID_VERIFICATION_TOKEN'] },
          responses: { 200: 'The email that is now verified' },
        }),
        body: Type.Object(
          { token: Type.String({ maxLength: 2000 }) },
          { examples: [{ token: 'eyJ1IjoiN2U2ZCJ9.q2VxW0p1wq0ZbQv3S6lq6d0J1m3q0b8v2p9YyQk2h3c' }] },
        ),
        response: {
          200: Type.Object({ email: Type.String({ format: 'email' }) }),
          ...errors(400, 429),
        },
      },
    },
    async (request) => useCases.verifyEmail.execute(request.body.token),
  );

  app.post(
    '/api/users/me/verification-email',
    {
      config: {
        rateLimit: {
          max: VERIFICATION_MAILS_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request) => `verify:${sessionId(request) ?? request.ip}`,
        },
      },
      schema: {
        tags: ['users'],
        ...operation({
          id: 'resendVerificationEmail',
          summary: "The dashboard banner's 'Resend': mail a new verification link",
          description:
            `A new link for your current email. 409 EMAIL_ALREADY_VERIFIED when there is nothing to verify; ` +
            `at most ${VERIFICATION_MAILS_PER_HOUR} an hour (429 RATE_LIMITED).`,
          access: 'session',
          errors: { 409: ['EMAIL_ALREADY_VERIFIED'] },
          responses: { 202: 'The mail is on its way' },
        }),
        response: { 202: MessageBody, ...errors(401, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const message = await useCases.sendVerificationEmail.execute(user, { resend: true });
      return reply.status(202).send({ message });
    },
  );

  app.put(
    '/api/users/me/password',
    {
      config: authLimit,
      schema: {
        tags: ['users'],
        ...operation({
          id: 'changePassword',
          summary: "The Profile's 'Change Password'",
          description:
            'Needs the current password (400 PASSWORD_REQUIRED, 400 WRONG_PASSWORD on currentPassword); the new ' +
            'one follows the registration rules (reported on newPassword). Every other session of the account ' +
            'is revoked and its sockets closed; this one stays signed in.',
          access: 'session',
          errors: { 400: ['PASSWORD_REQUIRED', 'WRONG_PASSWORD', ...PASSWORD_RULE_CODES] },
          responses: { 204: 'Changed' },
        }),
        body: Type.Object(
          {
            currentPassword: Type.String({ maxLength: 1000 }),
            newPassword: Type.String({ maxLength: 1000 }),
          },
          { examples: [{ currentPassword: 'the old passphrase', newPassword: 'a new passphrase' }] },
        ),
        response: { 204: Type.Null(), ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      await useCases.changePassword.execute(user.id, sessionId(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/me/export',
    {
      schema: {
        tags: ['users'],
        ...operation({
          id: 'exportMyData',
          summary:
            "'Download my data': your profile, projects, bids, messages, reviews, saved searches, saved projects and notifications as JSON",
          description:
            'Answered as a download (Content-Disposition: attachment; filename="buildbid-data.json").',
          access: 'session',
          responses: { 200: 'Everything the account holds about you' },
        }),
        response: { 200: ExportBody, ...errors(401) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const data = await useCases.exportMyData.execute(user);
      reply.header('content-disposition', 'attachment; filename="buildbid-data.json"');
      return {
        exportedAt: data.exportedAt.toISOString(),
        profile: toUserDto(data.user),
        projects: data.projects,
        bids: data.bids,
        messages: data.messages,
        reviews: data.reviews,
        savedSearches: data.savedSearches,
        savedProjects: data.savedProjects,
        notifications: data.notifications,
      };
    },
  );

  app.post(
    '/api/users/me/delete',
    {
      config: authLimit,
      schema: {
        tags: ['users'],
        ...operation({
          id: 'deleteMyAccount',
          summary: "'Delete Account': delete your account for good",
          description:
            'Needs the current password (400 PASSWORD_REQUIRED, 400 WRONG_PASSWORD). The last admin cannot ' +
            'delete their account (409 LAST_ADMIN). A running Pro subscription is cancelled through the ' +
            'payment provider; your projects without an accepted bid are deleted with their files (their ' +
            'bidders are told); your pending bids are withdrawn (their owners are told, and can no longer ' +
            'accept them); saved searches, saved projects, notifications, achievements and every mail to you ' +
            '(sent or not) go; every session is revoked. Bids, messages and reviews others rely on stay, ' +
            "shown as 'Deleted user'; nobody can message you any more; the email can register again. The " +
            'session cookie is cleared.',
          access: 'session',
          errors: { 400: ['PASSWORD_REQUIRED', 'WRONG_PASSWORD'], 409: ['LAST_ADMIN'] },
          responses: { 204: 'Deleted; signed out' },
        }),
        body: Type.Object(
          { password: Type.String({ maxLength: 1000 }) },
          { examples: [{ password: 'my passphrase' }] },
        ),
        response: { 204: Type.Null(), ...errors(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      await useCases.deleteAccount.execute(user.id, request.body.password, async (owner) => {
        if (owner.subscriptionTier !== 'pro' || !owner.stripeSubscriptionId) return;
        try {
          await useCases.cancelSubscription.execute(owner.id);
        } catch (error) {
          // Already ending (or set Pro without a provider subscription): nothing left to cancel.
          if (!(error instanceof ConflictError)) throw error;
        }
      });
      request.session.delete();
      return reply.status(204).send(null);
    },
  );
};
