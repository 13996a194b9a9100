import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allNeeds, pick, type UsesOf } from '../../http/services.ts';
import { addendaNeeds, addendaRoutes } from './addenda.ts';
import { projectBidNeeds, projectBidRoutes } from './bids.ts';
import { browseNeeds, browseRoutes } from './browse.ts';
import { phaseNeeds, phaseRoutes } from './phases.ts';
import { postingNeeds, postingRoutes } from './posting.ts';

export const projectNeeds = allNeeds(browseNeeds, postingNeeds, phaseNeeds, projectBidNeeds, addendaNeeds);

/**
 * The project routes, one module per concern, registered in this order (the OpenAPI document lists
 * the operations in registration order); each gets only what it calls.
 */
export const projectRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof projectNeeds>> = async (app, options) => {
  await app.register(browseRoutes, pick(options, browseNeeds));
  await app.register(postingRoutes, pick(options, postingNeeds));
  await app.register(phaseRoutes, pick(options, phaseNeeds));
  await app.register(projectBidRoutes, pick(options, projectBidNeeds));
  await app.register(addendaRoutes, pick(options, addendaNeeds));
};
