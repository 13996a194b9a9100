import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { idempotentRoute } from '../../http/idempotency.ts';
import {
  ProjectBidRef,
  SubmittedBidRef,
  toBidDto,
  toBidQuotaDto,
  toProjectBidDto,
} from '../../http/schemas/bid.ts';
import { errors } from '../../http/schemas.ts';
import { needs, type UsesOf } from '../../http/services.ts';
import { IDEMPOTENCY_ERRORS, IDEMPOTENCY_TEXT, IdempotencyHeaders, onProject } from './shared.ts';

export const projectBidNeeds = needs(['listProjectBids', 'submitBid'], ['clock', 'idempotency']);

/** The bids on a project: the list the caller may see, and submitting one. */
export const projectBidRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof projectBidNeeds>> = async (
  app,
  { useCases, http },
) => {
  const idempotent = idempotentRoute(http);

  app.get(
    '/api/projects/:id/bids',
    {
      schema: {
        tags: ['bids'],
        ...onProject({
          id: 'listProjectBids',
          summary: "A project's bids with their bidders",
          description:
            'The owner and admins see every bid, newest first; anyone else sees only their own bid (a list of ' +
            'zero or one), never other bidders’.',
          access: 'session',
          scope: 'bids:read',
          responses: { 200: 'The bids you may see, newest first' },
        }),
        response: { 200: Type.Array(ProjectBidRef), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = request.user;
      const bids = await useCases.listProjectBids.execute(user, request.params.id);
      return bids.map(toProjectBidDto);
    },
  );

  app.post(
    '/api/projects/:id/bids',
    {
      schema: {
        tags: ['bids'],
        ...onProject({
          id: 'submitBid',
          summary: 'Bid on a project (contractors and vendors, once per project)',
          description:
            '403 BID_LIMIT_REACHED "You\'ve reached your monthly limit of 3 bids on the free plan." when a ' +
            'free-plan user has no bids left this month; 403 OWN_PROJECT / ROLE_CANNOT_BID; 409 ' +
            'BID_ALREADY_EXISTS / PROJECT_NOT_BIDDING / BID_DEADLINE_PASSED / PROJECT_NOT_ACTIVE. ' +
            IDEMPOTENCY_TEXT,
          access: 'session',
          scope: 'bids:write',
          errors: {
            400: [
              'AMOUNT_REQUIRED',
              'AMOUNT_NOT_POSITIVE',
              'MONEY_TOO_LARGE',
              'MONEY_TOO_PRECISE',
              'TIMELINE_REQUIRED',
              'TIMELINE_NOT_WHOLE_DAYS',
              'TIMELINE_OUT_OF_RANGE',
              'PROPOSAL_REQUIRED',
              'PROPOSAL_TOO_LONG',
              'INVALID_IDEMPOTENCY_KEY',
            ],
            403: ['BID_LIMIT_REACHED', 'OWN_PROJECT', 'ROLE_CANNOT_BID'],
            409: [
              'BID_ALREADY_EXISTS',
              'PROJECT_NOT_BIDDING',
              'BID_DEADLINE_PASSED',
              'PROJECT_NOT_ACTIVE',
              ...IDEMPOTENCY_ERRORS,
            ],
          },
          responses: { 201: 'The bid, with your quota after it' },
        }),
        body: Type.Object(
          {
            amount: Type.Number({ description: 'USD, more than 0, at most 2 decimals' }),
            timeline: Type.Integer({ description: 'Whole days, 1..3650' }),
            proposal: Type.String({ maxLength: 5000 }),
          },
          {
            examples: [
              { amount: 12500, timeline: 30, proposal: 'Licensed electrician, 12 years on Nassau rewires.' },
            ],
          },
        ),
        headers: IdempotencyHeaders,
        response: { 201: SubmittedBidRef, ...errors(400, 401, 403, 404, 409) },
      },
      ...idempotent,
    },
    async (request, reply) => {
      const user = request.user;
      const { bid, quota } = await useCases.submitBid.execute(user, request.params.id, request.body);
      return reply.status(201).send({ ...toBidDto(bid.toSnapshot()), quota: toBidQuotaDto(quota) });
    },
  );
};
