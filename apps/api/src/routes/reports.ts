import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DEFAULT_ADMIN_PAGE, MAX_ADMIN_PAGE } from '#application/admin/index.ts';
import { REPORT_DETAILS_MAX_LENGTH, REPORTS_PER_HOUR } from '#domain/safety/report.ts';
import type { sessionId } from '../http/auth.ts';
import { operation } from '../http/openapi.ts';
import {
  DecisionBody,
  DecisionRef,
  ModerationActionRef,
  ModerationItemRef,
  MyReportRef,
  QueueItemRef,
  ReportBody,
  ReportTargetTypeSchema,
  toModerationActionDto,
  toModerationItemDto,
  toMyReportDto,
  toQueueItemDto,
} from '../http/schemas/report.ts';
import { errors } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

export const reportNeeds = needs([
  'fileReport',
  'listMyReports',
  'listModerationQueue',
  'getModerationItem',
  'listModerationLog',
  'claimModerationItem',
  'releaseModerationItem',
  'decideModerationItem',
]);

/**
 * Reports and the moderation queue (issue 27 items 1 and 2, decision 0221). Anyone signed in reports and sees
 * their own open reports; admins work the queue. Reports are a person's own judgement: no token files one, and
 * no token reaches the queue (decision 0211).
 */
export const reportRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof reportNeeds>> = async (
  app,
  { useCases },
) => {
  const reportLimit = {
    rateLimit: {
      max: REPORTS_PER_HOUR,
      timeWindow: '1 hour',
      keyGenerator: async (request: Parameters<typeof sessionId>[0]) => {
        const user = await request.currentUser();
        return user ? `report:${user.id}` : `report-ip:${request.ip}`;
      },
    },
  };
  const TotalHeader = {
    'X-Total-Count': { type: 'integer', description: 'How many there are in all (the pages together)' },
  };
  const Paging = Type.Object({
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_ADMIN_PAGE,
        description: `Page size, 1..${MAX_ADMIN_PAGE}; default ${DEFAULT_ADMIN_PAGE}`,
      }),
    ),
    offset: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'How many to skip; default 0' }),
    ),
  });
  const paging = ({ limit, offset }: { limit?: number; offset?: number }) => ({
    ...(limit === undefined ? {} : { limit }),
    ...(offset === undefined ? {} : { offset }),
  });
  const Item = Type.Object({
    targetType: ReportTargetTypeSchema,
    targetId: Type.String({ format: 'uuid', description: 'The item reported' }),
  });
  const adminTags = ['admin'];

  app.post(
    '/api/reports',
    {
      config: reportLimit,
      schema: {
        tags: ['safety'],
        ...operation({
          id: 'fileReport',
          summary: 'Report a project, bid, message, review, question, answer or profile',
          description:
            'The report joins the moderation queue; the item shows you "Reported" (GET /api/users/me/reports) until ' +
            'an admin decides, and you are then told the outcome (a notification). Not your own content (400 ' +
            `CANNOT_REPORT_OWN); 'other' needs \`details\` (400 REPORT_DETAILS_REQUIRED), at most ${REPORT_DETAILS_MAX_LENGTH} ` +
            "characters; 'fake_review' is for reviews. An item that is not there, that you cannot see (another pair's " +
            'message, a bid not yours or on your project) or that is hidden already is 404 REPORT_TARGET_NOT_FOUND. ' +
            `One open report per item (409 ALREADY_REPORTED). At most ${REPORTS_PER_HOUR} reports an hour (429).`,
          access: 'session',
          errors: {
            400: [
              'CANNOT_REPORT_OWN',
              'INVALID_REPORT_REASON',
              'REPORT_DETAILS_REQUIRED',
              'REPORT_TEXT_TOO_LONG',
            ],
            404: ['REPORT_TARGET_NOT_FOUND'],
            409: ['ALREADY_REPORTED'],
          },
          responses: { 201: 'Reported' },
        }),
        body: ReportBody,
        response: { 201: MyReportRef, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const report = await useCases.fileReport.execute(request.user, request.body);
      return reply.status(201).send(toMyReportDto(report));
    },
  );

  app.get(
    '/api/users/me/reports',
    {
      schema: {
        tags: ['safety'],
        ...operation({
          id: 'listMyReports',
          summary: 'Your open reports (what shows "Reported" on the items)',
          description:
            'Your reports an admin has not decided on yet, newest first (at most 500), of one `targetType` when ' +
            'given. A decided report leaves the list: you are told its outcome by a notification.',
          access: 'session',
          responses: { 200: 'Your open reports, newest first' },
        }),
        querystring: Type.Object({ targetType: Type.Optional(ReportTargetTypeSchema) }),
        response: { 200: Type.Array(MyReportRef), ...errors(400, 401, 403) },
      },
    },
    async (request) =>
      (await useCases.listMyReports.execute(request.user, request.query.targetType ?? null)).map(
        toMyReportDto,
      ),
  );

  app.get(
    '/api/admin/moderation/queue',
    {
      schema: {
        tags: adminTags,
        ...operation({
          id: 'listModerationQueue',
          summary: 'The moderation queue: open reports grouped by item (admins only)',
          description:
            'Each item with open reports once, the longest waiting first: how many reports and reporters, the ' +
            'reasons, a line naming it, its author and project, and who claimed it. X-Total-Count tells how many ' +
            'items wait. Anyone but an admin gets 403 ADMIN_ONLY.',
          access: { roles: ['admin'] },
          errors: { 403: ['ADMIN_ONLY'] },
          responses: { 200: 'The items, the longest waiting first' },
        }),
        querystring: Paging,
        response: { 200: Type.Array(QueueItemRef, { headers: TotalHeader }), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await useCases.listModerationQueue.execute(request.user, paging(request.query));
      reply.header('X-Total-Count', String(page.total));
      return page.items.map(toQueueItemDto);
    },
  );

  app.get(
    '/api/admin/moderation/items/:targetType/:targetId',
    {
      schema: {
        tags: adminTags,
        ...operation({
          id: 'getModerationItem',
          summary: 'One item of the queue, with its reports and the content in its context (admins only)',
          description:
            "The open reports (each reporter, reason and words; reporter null is BuildBid's own report), the reported " +
            'text, and for a message the conversation around it (the few messages before and after). An item ' +
            'without open reports is 404 NO_OPEN_REPORTS. Anyone but an admin gets 403 ADMIN_ONLY.',
          access: { roles: ['admin'] },
          errors: { 403: ['ADMIN_ONLY'], 404: ['NO_OPEN_REPORTS'] },
          responses: { 200: 'The item' },
        }),
        params: Item,
        response: { 200: ModerationItemRef, ...errors(400, 401, 403, 404) },
      },
    },
    async ({ user, params }) =>
      toModerationItemDto(await useCases.getModerationItem.execute(user, params.targetType, params.targetId)),
  );

  app.put(
    '/api/admin/moderation/items/:targetType/:targetId/claim',
    {
      schema: {
        tags: adminTags,
        ...operation({
          id: 'claimModerationItem',
          summary: 'Claim an item of the queue, so no other admin acts on it (admins only)',
          description:
            'The others see who holds it; their decisions on it are refused (409 CLAIMED_BY_ANOTHER_ADMIN) until you ' +
            'release it or decide. Claiming your own claim again changes nothing; an item another admin claimed is ' +
            '409 CLAIMED_BY_ANOTHER_ADMIN, one without open reports 404 NO_OPEN_REPORTS.',
          access: { roles: ['admin'] },
          errors: { 403: ['ADMIN_ONLY'], 404: ['NO_OPEN_REPORTS'], 409: ['CLAIMED_BY_ANOTHER_ADMIN'] },
          responses: { 204: 'Claimed by you' },
        }),
        params: Item,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async ({ user, params }, reply) => {
      await useCases.claimModerationItem.execute(user, params.targetType, params.targetId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/admin/moderation/items/:targetType/:targetId/claim',
    {
      schema: {
        tags: adminTags,
        ...operation({
          id: 'releaseModerationItem',
          summary: 'Release your claim on an item of the queue (admins only)',
          description:
            "Another admin's claim is 409 CLAIMED_BY_ANOTHER_ADMIN; an item nobody claimed changes nothing.",
          access: { roles: ['admin'] },
          errors: { 403: ['ADMIN_ONLY'], 409: ['CLAIMED_BY_ANOTHER_ADMIN'] },
          responses: { 204: 'Not claimed (any more)' },
        }),
        params: Item,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 409) },
      },
    },
    async ({ user, params }, reply) => {
      await useCases.releaseModerationItem.execute(user, params.targetType, params.targetId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/moderation/items/:targetType/:targetId/decision',
    {
      schema: {
        tags: adminTags,
        ...operation({
          id: 'decideModerationItem',
          summary: 'Decide on an item of the queue: dismiss, hide or warn (admins only)',
          description:
            'Closes every open report on the item with the outcome, ends the claim, and writes the moderation log ' +
            "(GET /api/admin/moderation/actions) with the reports it closed. Each reporter is told the outcome. 'hide' " +
            "hides the content from everyone but its author and admins, and tells the author why; 'warn' warns the " +
            'author. Both need the `reason` the author is told (400 MODERATION_REASON_REQUIRED) and take a `note`. A ' +
            "profile cannot be hidden (400 CANNOT_HIDE_PROFILE). Another admin's claim is 409 " +
            'CLAIMED_BY_ANOTHER_ADMIN; an item whose reports were decided meanwhile 409 REPORTS_ALREADY_DECIDED; ' +
            "warning an author whose account is gone 409 NO_ONE_TO_WARN. A 'suspend' action joins these later.",
          access: { roles: ['admin'] },
          errors: {
            400: [
              'MODERATION_REASON_REQUIRED',
              'CANNOT_HIDE_PROFILE',
              'INVALID_REPORT_REASON',
              'REPORT_TEXT_TOO_LONG',
            ],
            403: ['ADMIN_ONLY'],
            404: ['REPORT_TARGET_NOT_FOUND'],
            409: ['CLAIMED_BY_ANOTHER_ADMIN', 'REPORTS_ALREADY_DECIDED', 'NO_ONE_TO_WARN'],
          },
          responses: { 200: 'The outcome, and the reports it closed' },
        }),
        params: Item,
        body: DecisionBody,
        response: { 200: DecisionRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async ({ user, params, body }) =>
      useCases.decideModerationItem.execute(user, params.targetType, params.targetId, body),
  );

  app.get(
    '/api/admin/moderation/actions',
    {
      schema: {
        tags: adminTags,
        ...operation({
          id: 'listModerationActions',
          summary: 'The moderation log: every decision, newest first (admins only)',
          description:
            'Who decided what on which item, why, and which reports the decision closed (the admin audit log of ' +
            'moderation; role changes are GET /api/admin/role-changes). X-Total-Count tells how many entries exist. ' +
            'Anyone but an admin gets 403 ADMIN_ONLY.',
          access: { roles: ['admin'] },
          errors: { 403: ['ADMIN_ONLY'] },
          responses: { 200: 'The entries, newest first' },
        }),
        querystring: Paging,
        response: {
          200: Type.Array(ModerationActionRef, { headers: TotalHeader }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const page = await useCases.listModerationLog.execute(request.user, paging(request.query));
      reply.header('X-Total-Count', String(page.total));
      return page.items.map(toModerationActionDto);
    },
  );
};
