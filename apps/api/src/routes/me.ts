import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_BID_STATUS_IDS } from '#application/bids/index.ts';
import { MAX_LISTED_REVIEWS } from '#application/reviews/index.ts';
import { BID_STATUSES } from '#domain/bid/bid.ts';
import { PROJECT_STATUSES } from '#domain/project/phase.ts';
import { operation } from '../http/openapi.ts';
import { BidQuotaRef, MyBidRef, toBidQuotaDto, toMyBidDto } from '../http/schemas/bid.ts';
import {
  AchievementsRef,
  ReceivedReviewRef,
  toAchievementsDto,
  toReceivedReviewDto,
  toUserBadgeDto,
  toUserStatsDto,
  UserBadgeRef,
  UserStatsRef,
} from '../http/schemas/profile.ts';
import { ProjectSummaryRef } from '../http/schemas/project.ts';
import { errors } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';
import { DEFAULT_PROJECT_LIMIT, PageHeaders, PagingQuery, sendPage } from './projects/shared.ts';

export const meNeeds = needs(
  [
    'getAchievements',
    'getBidQuota',
    'getUserBadges',
    'getUserStats',
    'listMyBidStatuses',
    'listMyBids',
    'listMyReviews',
    'listProjects',
  ],
  ['uploads'],
);

/** The signed-in user's marketplace data: bids, projects, stats, quota, achievements; and anyone's badges. */
export const meRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof meNeeds>> = async (
  app,
  { useCases, http },
) => {
  app.get(
    '/api/users/me/bids',
    {
      schema: {
        tags: ['users'],
        ...operation({
          id: 'listMyBids',
          summary: 'Your bids, newest first, each with its project (My Bids)',
          description: 'Every bid you made, with its status and a summary of its project.',
          access: 'session',
          responses: { 200: 'Your bids, newest first' },
        }),
        response: { 200: Type.Array(MyBidRef), ...errors(401) },
      },
    },
    async (request) => {
      const user = request.user;
      return (await useCases.listMyBids.execute(user)).map(toMyBidDto);
    },
  );

  app.get(
    '/api/users/me/reviews',
    {
      schema: {
        tags: ['users'],
        ...operation({
          id: 'listMyReviews',
          summary: 'The reviews about you, newest first (your profile)',
          description:
            `What the owners of your completed projects wrote about your work: at most ${MAX_LISTED_REVIEWS}, ` +
            'newest first. A review outlives its project: then projectId and projectTitle are null.',
          access: 'session',
          responses: { 200: 'Reviews about you, newest first' },
        }),
        response: { 200: Type.Array(ReceivedReviewRef), ...errors(401) },
      },
    },
    async (request) => {
      const user = request.user;
      return (await useCases.listMyReviews.execute(user)).map(toReceivedReviewDto);
    },
  );

  app.get(
    '/api/users/me/bid-statuses',
    {
      schema: {
        tags: ['users'],
        ...operation({
          id: 'listMyBidStatuses',
          summary: 'Your own bids on the given projects (what the browse cards show)',
          description:
            `Give up to ${MAX_BID_STATUS_IDS} project ids as repeated \`projectId\` parameters. The answer lists your ` +
            'bid on each of them that you bid on; projects you did not bid on, and unknown ids, are left out. ' +
            'Roles that cannot bid get an empty list.',
          access: 'session',
          errors: { 400: ['TOO_MANY_IDS'] },
          responses: { 200: 'Your bids on those projects' },
        }),
        querystring: Type.Object({
          projectId: Type.Array(Type.String({ format: 'uuid' }), {
            minItems: 1,
            description: `A project id; repeat the parameter for more (at most ${MAX_BID_STATUS_IDS})`,
          }),
        }),
        response: {
          200: Type.Array(
            Type.Object(
              {
                projectId: Type.String({ format: 'uuid' }),
                bidId: Type.String({ format: 'uuid' }),
                status: Type.Enum([...BID_STATUSES]),
              },
              { additionalProperties: false },
            ),
          ),
          ...errors(400, 401),
        },
      },
    },
    async (request) => {
      const user = request.user;
      return useCases.listMyBidStatuses.execute(user, request.query.projectId);
    },
  );

  app.get(
    '/api/users/me/projects',
    {
      schema: {
        tags: ['users'],
        ...operation({
          id: 'listMyProjects',
          summary: 'The projects you own, newest first (My Projects)',
          description: 'Paged like GET /api/projects: X-Total-Count, and Link rel="next" when there is more.',
          access: 'session',
          errors: { 400: ['INVALID_CURSOR', 'UNKNOWN_STATUS'] },
          responses: { 200: 'One page of your projects, newest first' },
        }),
        querystring: Type.Object({
          status: Type.Optional(
            Type.Enum(['', 'all', ...PROJECT_STATUSES], {
              description: "Project status; '' or 'all' is any",
            }),
          ),
          ...PagingQuery,
        }),
        response: { 200: Type.Array(ProjectSummaryRef, { headers: PageHeaders }), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const { limit, ...filters } = request.query;
      const page = await useCases.listProjects.execute(user, {
        ...filters,
        clientId: user.id,
        limit: limit ?? DEFAULT_PROJECT_LIMIT,
      });
      return sendPage(request, reply, '/api/users/me/projects', page, http.uploads);
    },
  );

  app.get(
    '/api/users/me/stats',
    {
      schema: {
        tags: ['users'],
        ...operation({
          id: 'getMyStats',
          summary: 'Your statistics, all derived from projects, bids and reviews',
          description:
            'The dashboard counters: projects posted and active, bids made and won, rating, quota.',
          access: 'session',
          responses: { 200: 'Your statistics' },
        }),
        response: { 200: UserStatsRef, ...errors(401) },
      },
    },
    async (request) => toUserStatsDto(await useCases.getUserStats.execute(request.user)),
  );

  app.get(
    '/api/users/me/quota',
    {
      schema: {
        tags: ['users'],
        ...operation({
          id: 'getMyBidQuota',
          summary: 'Your monthly bid quota: used, limit, remaining and when it resets',
          description:
            'Free plan: 3 bids per calendar month in America/Nassau time; Pro: unlimited (limit and remaining null).',
          access: 'session',
          responses: { 200: 'Your quota this month' },
        }),
        response: { 200: BidQuotaRef, ...errors(401) },
      },
    },
    async (request) => toBidQuotaDto(await useCases.getBidQuota.execute(request.user)),
  );

  app.get(
    '/api/users/me/achievements',
    {
      schema: {
        tags: ['users'],
        ...operation({
          id: 'getMyAchievements',
          summary: 'Your points and level per category, and your badges',
          description:
            'Points come from bids, completed projects and reviews; levels and badges follow them.',
          access: 'session',
          responses: { 200: 'Your achievements' },
        }),
        response: { 200: AchievementsRef, ...errors(401) },
      },
    },
    async (request) => {
      const user = request.user;
      return toAchievementsDto(await useCases.getAchievements.execute(user.id));
    },
  );

  app.get(
    '/api/users/:id/badges',
    {
      schema: {
        tags: ['users'],
        ...operation({
          id: 'listUserBadges',
          summary: "A user's badges, newest first",
          description: 'Any signed-in user may look; an unknown user has none (an empty list).',
          access: 'session',
          responses: { 200: "The user's badges, newest first" },
        }),
        params: Type.Object({ id: Type.String({ format: 'uuid', description: 'The user id' }) }),
        response: { 200: Type.Array(UserBadgeRef), ...errors(400, 401) },
      },
    },
    async (request) => {
      return (await useCases.getUserBadges.execute(request.params.id)).map(toUserBadgeDto);
    },
  );
};
