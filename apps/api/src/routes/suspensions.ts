import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_SUSPENSION_DAYS } from '#domain/safety/suspension.ts';
import { operation } from '../http/openapi.ts';
import { SuspendBody, SuspensionRef, toSuspensionDto } from '../http/schemas/suspension.ts';
import { errors } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

const tags = ['safety'];

export const suspensionNeeds = needs(['suspendUser', 'liftSuspension']);

/**
 * Suspending an account (issue 27 item 3, decision 0223): the admin's users table suspends and lifts; the
 * moderation queue calls the same use cases with the report it closes. Admins only, never by token.
 */
export const suspensionRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof suspensionNeeds>> = async (
  app,
  { useCases },
) => {
  const params = Type.Object({ id: Type.String({ format: 'uuid', description: 'The user id' }) });

  app.post(
    '/api/admin/users/:id/suspension',
    {
      schema: {
        tags,
        ...operation({
          id: 'suspendUser',
          summary: 'Suspend a user for a number of days or until lifted (admins only)',
          description:
            `For \`days\` days (1-${MAX_SUSPENSION_DAYS}: through the end of the last of them, Nassau time) or, with ` +
            '`days: null`, until an admin lifts it, with a reason. At once: every session, personal access token and ' +
            'OAuth grant of the user ends and their sockets close, on every API instance; their pending bids are ' +
            'withdrawn (the owners are told: "Bid withdrawn"); their open projects are hidden from browse, answer 404 ' +
            'to anyone but them and admins, and take no bids; mail queued to them is dropped and none but the notices ' +
            'of the suspension and its lifting goes to them. Sign-in answers 403 ACCOUNT_SUSPENDED with the end date. ' +
            'Once its last day has passed it is over, with nothing to run. The action goes into the admin actions log ' +
            '(`reportId`: the report it closes). Admins cannot be suspended (403 CANNOT_SUSPEND_ADMIN); a user already ' +
            'suspended is 409 ALREADY_SUSPENDED; an unknown or deleted user 404. Anyone but an admin gets 403 ADMIN_ONLY.',
          access: { roles: ['admin'] },
          errors: {
            400: ['INVALID_SUSPENSION_DAYS', 'SUSPENSION_REASON_REQUIRED', 'SUSPENSION_REASON_TOO_LONG'],
            403: ['ADMIN_ONLY', 'CANNOT_SUSPEND_ADMIN'],
            404: ['USER_NOT_FOUND'],
            409: ['ALREADY_SUSPENDED'],
          },
          responses: { 201: 'The suspension' },
        }),
        params,
        body: SuspendBody,
        response: { 201: SuspensionRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { days, reason, reportId } = request.body;
      const suspension = await useCases.suspendUser.execute(
        request.user,
        request.params.id,
        { days, reason },
        { reportId: reportId ?? null },
      );
      return reply.status(201).send(toSuspensionDto(suspension));
    },
  );

  app.delete(
    '/api/admin/users/:id/suspension',
    {
      schema: {
        tags,
        ...operation({
          id: 'liftSuspension',
          summary: 'Lift a user’s suspension (admins only)',
          description:
            'From then on they can sign in, and their open projects show and take bids again; bids withdrawn by the ' +
            'suspension stay withdrawn. They are mailed that it is over. The action goes into the admin actions log ' +
            '(`reportId`: the report it closes). A user not suspended now (never, lifted, or run out) is 409 ' +
            'NOT_SUSPENDED; an unknown or deleted user 404. Anyone but an admin gets 403 ADMIN_ONLY.',
          access: { roles: ['admin'] },
          errors: { 403: ['ADMIN_ONLY'], 404: ['USER_NOT_FOUND'], 409: ['NOT_SUSPENDED'] },
          responses: { 200: 'The suspension, lifted' },
        }),
        params,
        querystring: Type.Object({
          reportId: Type.Optional(
            Type.String({ format: 'uuid', description: 'The report this closes (the moderation queue)' }),
          ),
        }),
        response: { 200: SuspensionRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      toSuspensionDto(
        await useCases.liftSuspension.execute(request.user, request.params.id, {
          reportId: request.query.reportId ?? null,
        }),
      ),
  );
};
