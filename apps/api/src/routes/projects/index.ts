import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Uses } from '../../http/services.ts';
import { addendaRoutes } from './addenda.ts';
import { projectBidRoutes } from './bids.ts';
import { browseRoutes } from './browse.ts';
import { phaseRoutes } from './phases.ts';
import { postingRoutes } from './posting.ts';

/**
 * The project routes, one module per concern, registered in this order (the OpenAPI document lists
 * the operations in registration order).
 */
export const projectRoutes: FastifyPluginAsyncTypebox<
  Uses<
    | 'cancelProject'
    | 'changeBidDeadline'
    | 'deleteProject'
    | 'editProject'
    | 'getProject'
    | 'listAddenda'
    | 'listProjectBids'
    | 'listProjects'
    | 'moveProjectPhase'
    | 'openProject'
    | 'postAddendum'
    | 'postProject'
    | 'reviewContractor'
    | 'submitBid',
    'clock' | 'idempotency' | 'settings' | 'uploads'
  >
> = async (app, options) => {
  await app.register(browseRoutes, options);
  await app.register(postingRoutes, options);
  await app.register(phaseRoutes, options);
  await app.register(projectBidRoutes, options);
  await app.register(addendaRoutes, options);
};
