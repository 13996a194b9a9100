import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BID_DECISIONS, bidDecisionOf } from '#application/bids/index.ts';
import type { BidTerms } from '#domain/bid/bid.ts';
import { operation } from '../http/openapi.ts';
import { BidRef, toBidDto } from '../http/schemas/bid.ts';
import { errors } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

const BidIdParams = Type.Object({ bidId: Type.String({ format: 'uuid', description: 'The bid id' }) });

export const bidNeeds = needs(['acceptBid', 'declineBid', 'editBid']);

export const bidRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof bidNeeds>> = async (app, { useCases }) => {
  app.patch(
    '/api/bids/:bidId/status',
    {
      schema: {
        tags: ['bids'],
        ...operation({
          id: 'decideBid',
          summary: 'Accept or decline a pending bid on your project',
          description:
            'Owner only (an admin sees bids but gets 403 ADMIN_CANNOT_DECIDE). Accepting awards the project ' +
            '(phase awarded) and rejects every other pending bid; both decisions are final (409 BID_NOT_PENDING). ' +
            'A bid withdrawn because its bidder deleted their account answers 409 BID_WITHDRAWN, and a bidder ' +
            'whose account is gone is never awarded (409 BIDDER_DELETED); nothing changes.',
          access: 'session',
          scope: 'bids:write',
          errors: {
            400: ['INVALID_BID_STATUS'],
            403: ['NOT_PROJECT_OWNER', 'ADMIN_CANNOT_DECIDE'],
            404: ['BID_NOT_FOUND', 'PROJECT_NOT_FOUND'],
            409: [
              'BID_NOT_PENDING',
              'BID_WITHDRAWN',
              'BIDDER_DELETED',
              'BID_NOT_ON_PROJECT',
              'PROJECT_NOT_ACTIVE',
            ],
          },
          responses: { 200: 'The bid with its new status' },
        }),
        params: BidIdParams,
        body: Type.Object({ status: Type.Enum([...BID_DECISIONS]) }, { examples: [{ status: 'accepted' }] }),
        response: { 200: BidRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = request.user;
      const { bidId } = request.params;
      const bid =
        bidDecisionOf(request.body.status) === 'accepted'
          ? await useCases.acceptBid.execute(user, bidId)
          : await useCases.declineBid.execute(user, bidId);
      return toBidDto(bid.toSnapshot());
    },
  );

  app.patch(
    '/api/bids/:bidId',
    {
      schema: {
        tags: ['bids'],
        ...operation({
          id: 'editBid',
          summary: "Edit your own pending bid while the project takes bids ('Edit Bid'; uses no quota)",
          description:
            'Fields left out keep their value. Only the bidder may edit, only while the bid is pending.',
          access: 'session',
          scope: 'bids:write',
          errors: {
            400: [
              'AMOUNT_NOT_POSITIVE',
              'MONEY_TOO_LARGE',
              'MONEY_TOO_PRECISE',
              'TIMELINE_NOT_WHOLE_DAYS',
              'TIMELINE_OUT_OF_RANGE',
              'PROPOSAL_REQUIRED',
              'PROPOSAL_TOO_LONG',
            ],
            403: ['NOT_BID_OWNER'],
            404: ['BID_NOT_FOUND', 'PROJECT_NOT_FOUND'],
            409: ['BID_NOT_PENDING', 'PROJECT_NOT_BIDDING', 'BID_DEADLINE_PASSED', 'PROJECT_NOT_ACTIVE'],
          },
          responses: { 200: 'The bid as saved' },
        }),
        params: BidIdParams,
        body: Type.Object(
          {
            amount: Type.Optional(Type.Number({ description: 'USD, more than 0, at most 2 decimals' })),
            timeline: Type.Optional(Type.Integer({ description: 'Whole days, 1..3650' })),
            proposal: Type.Optional(Type.String({ maxLength: 5000 })),
          },
          { examples: [{ amount: 11800, timeline: 28 }] },
        ),
        response: { 200: BidRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = request.user;
      const changes: Partial<BidTerms> = {};
      const { amount, timeline, proposal } = request.body;
      if (amount !== undefined) changes.amount = amount;
      if (timeline !== undefined) changes.timeline = timeline;
      if (proposal !== undefined) changes.proposal = proposal;
      const bid = await useCases.editBid.execute(user, request.params.bidId, changes);
      return toBidDto(bid.toSnapshot());
    },
  );
};
