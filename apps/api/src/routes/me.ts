import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, type TSchema, Type } from 'typebox';
import { MAX_BID_STATUS_IDS } from '#application/bids/index.ts';
import { MAX_LISTED_REVIEWS } from '#application/reviews/index.ts';
import { BID_STATUSES } from '#domain/bid/bid.ts';
import { PROJECT_STATUSES } from '#domain/project/phase.ts';
import type { User } from '#domain/user/user.ts';
import { type OperationDoc, operation } from '../http/openapi.ts';
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
  /** A GET of the caller's own data: signed in (else 401), tagged `users`; `read` answers for the caller. */
  const mine = <R extends TSchema>(
    path: string,
    doc: Omit<OperationDoc, 'access'>,
    response: R,
    read: (user: User) => Promise<Static<R>>,
  ) =>
    app.get(
      path,
      {
        schema: {
          tags: ['users'],
          ...operation({ ...doc, access: 'session' }),
          response: { 200: response, ...errors(401) },
        },
      },
      // Fastify cannot resolve a generic schema's reply type; each call is checked against Static<R>.
      (request) => read(request.user) as never,
    );

  mine(
    '/api/users/me/bids',
    {
      id: 'listMyBids',
      scope: 'bids:read',
      summary: 'Your bids, newest first, each with its project (My Bids)',
      description: 'Every bid you made, with its status and a summary of its project.',
      responses: { 200: 'Your bids, newest first' },
    },
    Type.Array(MyBidRef),
    async (user) => (await useCases.listMyBids.execute(user)).map(toMyBidDto),
  );

  mine(
    '/api/users/me/reviews',
    {
      id: 'listMyReviews',
      scope: 'profile:read',
      summary: 'The reviews about you, newest first (your profile)',
      description:
        `What the owners of your completed projects wrote about your work: at most ${MAX_LISTED_REVIEWS}, ` +
        'newest first. A review outlives its project: then projectId and projectTitle are null.',
      responses: { 200: 'Reviews about you, newest first' },
    },
    Type.Array(ReceivedReviewRef),
    async (user) => (await useCases.listMyReviews.execute(user)).map(toReceivedReviewDto),
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
          scope: 'bids:read',
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
    async (request) => useCases.listMyBidStatuses.execute(request.user, request.query.projectId),
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
          scope: 'projects:read',
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
      const result = await useCases.listProjects.execute(user, {
        ...filters,
        clientId: user.id,
        limit: limit ?? DEFAULT_PROJECT_LIMIT,
      });
      return sendPage(request, reply, '/api/users/me/projects', result, http.uploads);
    },
  );

  mine(
    '/api/users/me/stats',
    {
      id: 'getMyStats',
      scope: 'profile:read',
      summary: 'Your statistics, all derived from projects, bids and reviews',
      description: 'The dashboard counters: projects posted and active, bids made and won, rating, quota.',
      responses: { 200: 'Your statistics' },
    },
    UserStatsRef,
    async (user) => toUserStatsDto(await useCases.getUserStats.execute(user)),
  );

  mine(
    '/api/users/me/quota',
    {
      id: 'getMyBidQuota',
      scope: 'bids:read',
      summary: 'Your monthly bid quota: used, limit, remaining and when it resets',
      description:
        'Free plan: 3 bids per calendar month in America/Nassau time; Pro: unlimited (limit and remaining null).',
      responses: { 200: 'Your quota this month' },
    },
    BidQuotaRef,
    async (user) => toBidQuotaDto(await useCases.getBidQuota.execute(user)),
  );

  mine(
    '/api/users/me/achievements',
    {
      id: 'getMyAchievements',
      scope: 'profile:read',
      summary: 'Your points and level per category, and your badges',
      description: 'Points come from bids, completed projects and reviews; levels and badges follow them.',
      responses: { 200: 'Your achievements' },
    },
    AchievementsRef,
    async (user) => toAchievementsDto(await useCases.getAchievements.execute(user.id)),
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
          scope: 'profile:read',
          responses: { 200: "The user's badges, newest first" },
        }),
        params: Type.Object({ id: Type.String({ format: 'uuid', description: 'The user id' }) }),
        response: { 200: Type.Array(UserBadgeRef), ...errors(400, 401) },
      },
    },
    async (request) => (await useCases.getUserBadges.execute(request.params.id)).map(toUserBadgeDto),
  );
};
