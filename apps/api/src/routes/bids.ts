import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BID_DECISIONS, DecideBid, EditBid } from '../../../../application/bids/use-cases.ts';
import type { BidTerms } from '../../../../domain/bid/bid.ts';
import { requireUser } from '../http/auth.ts';
import { BidRef, toBidDto } from '../http/marketplace-schemas.ts';
import { errors } from '../http/schemas.ts';
import type { AppServices } from '../http/services.ts';

const BidIdParams = Type.Object({ bidId: Type.String({ format: 'uuid', description: 'The bid id' }) });
const secured = { security: [{ session: [] }] };

export const bidRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  app.patch(
    '/api/bids/:bidId/status',
    {
      schema: {
        tags: ['bids'],
        summary: 'Accept or decline a pending bid on your project',
        description:
          'Owner only (an admin sees bids but gets 403 ADMIN_CANNOT_DECIDE). Accepting awards the project ' +
          '(phase awarded) and rejects every other pending bid; both decisions are final (409 BID_NOT_PENDING).',
        ...secured,
        params: BidIdParams,
        body: Type.Object({ status: Type.Enum([...BID_DECISIONS]) }),
        response: { 200: BidRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const bid = await services.get(DecideBid).execute(user, request.params.bidId, request.body.status);
      return toBidDto(bid.toSnapshot());
    },
  );

  app.patch(
    '/api/bids/:bidId',
    {
      schema: {
        tags: ['bids'],
        summary: "Edit your own pending bid while the project takes bids ('Edit Bid'; uses no quota)",
        description: 'Fields left out keep their value.',
        ...secured,
        params: BidIdParams,
        body: Type.Object({
          amount: Type.Optional(Type.Number({ description: 'USD, more than 0, at most 2 decimals' })),
          timeline: Type.Optional(Type.Integer({ description: 'Whole days, 1..3650' })),
          proposal: Type.Optional(Type.String({ maxLength: 5000 })),
        }),
        response: { 200: BidRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const changes: Partial<BidTerms> = {};
      const { amount, timeline, proposal } = request.body;
      if (amount !== undefined) changes.amount = amount;
      if (timeline !== undefined) changes.timeline = timeline;
      if (proposal !== undefined) changes.proposal = proposal;
      const bid = await services.get(EditBid).execute(user, request.params.bidId, changes);
      return toBidDto(bid.toSnapshot());
    },
  );
};
