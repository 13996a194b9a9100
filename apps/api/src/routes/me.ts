import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { GetAchievements, GetUserBadges } from '../../../../application/achievements/use-cases.ts';
import { GetBidQuota, ListMyBids } from '../../../../application/bids/use-cases.ts';
import { ListProjects } from '../../../../application/projects/use-cases.ts';
import { GetUserStats } from '../../../../application/stats/use-cases.ts';
import { PROJECT_STATUSES } from '../../../../domain/project/phase.ts';
import { requireUser } from '../http/auth.ts';
import {
  AchievementsRef,
  BidQuotaRef,
  MyBidRef,
  ProjectSummaryRef,
  toAchievementsDto,
  toBidQuotaDto,
  toMyBidDto,
  toUserBadgeDto,
  toUserStatsDto,
  UserBadgeRef,
  UserStatsRef,
} from '../http/marketplace-schemas.ts';
import { errors } from '../http/schemas.ts';
import type { AppServices } from '../http/services.ts';
import { HTTP_TOKENS } from '../http/tokens.ts';
import { DEFAULT_PROJECT_LIMIT, PageHeaders, PagingQuery, sendPage } from './projects.ts';

const secured = { security: [{ session: [] }] };

/** The signed-in user's marketplace data: bids, projects, stats, quota, achievements; and anyone's badges. */
export const meRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/users/me/bids',
    {
      schema: {
        tags: ['users'],
        summary: 'Your bids, newest first, each with its project (My Bids)',
        ...secured,
        response: { 200: Type.Array(MyBidRef), ...errors(401) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return (await services.get(ListMyBids).execute(user)).map(toMyBidDto);
    },
  );

  app.get(
    '/api/users/me/projects',
    {
      schema: {
        tags: ['users'],
        summary: 'The projects you own, newest first (My Projects)',
        description: 'Paged like GET /api/projects: X-Total-Count, and Link rel="next" when there is more.',
        ...secured,
        querystring: Type.Object({
          status: Type.Optional(Type.Enum(['', 'all', ...PROJECT_STATUSES])),
          ...PagingQuery,
        }),
        response: { 200: Type.Array(ProjectSummaryRef, { headers: PageHeaders }), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { limit, ...filters } = request.query;
      const page = await services
        .get(ListProjects)
        .execute(user, { ...filters, clientId: user.id, limit: limit ?? DEFAULT_PROJECT_LIMIT });
      return sendPage(request, reply, '/api/users/me/projects', page, services.get(HTTP_TOKENS.Uploads));
    },
  );

  app.get(
    '/api/users/me/stats',
    {
      schema: {
        tags: ['users'],
        summary: 'Your statistics, all derived from projects, bids and reviews',
        ...secured,
        response: { 200: UserStatsRef, ...errors(401) },
      },
    },
    async (request) => toUserStatsDto(await services.get(GetUserStats).execute(await requireUser(request))),
  );

  app.get(
    '/api/users/me/quota',
    {
      schema: {
        tags: ['users'],
        summary: 'Your monthly bid quota: used, limit, remaining and when it resets',
        description:
          'Free plan: 3 bids per calendar month in America/Nassau time; Pro: unlimited (limit and remaining null).',
        ...secured,
        response: { 200: BidQuotaRef, ...errors(401) },
      },
    },
    async (request) => toBidQuotaDto(await services.get(GetBidQuota).execute(await requireUser(request))),
  );

  app.get(
    '/api/users/me/achievements',
    {
      schema: {
        tags: ['users'],
        summary: 'Your points and level per category, and your badges',
        ...secured,
        response: { 200: AchievementsRef, ...errors(401) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return toAchievementsDto(await services.get(GetAchievements).execute(user.id));
    },
  );

  app.get(
    '/api/users/:id/badges',
    {
      schema: {
        tags: ['users'],
        summary: "A user's badges, newest first",
        description: 'Any signed-in user may look; an unknown user has none (an empty list).',
        ...secured,
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: Type.Array(UserBadgeRef), ...errors(400, 401) },
      },
    },
    async (request) => {
      await requireUser(request);
      return (await services.get(GetUserBadges).execute(request.params.id)).map(toUserBadgeDto);
    },
  );
};
