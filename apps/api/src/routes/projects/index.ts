import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppServices } from '../../http/services.ts';
import { addendaRoutes } from './addenda.ts';
import { projectBidRoutes } from './bids.ts';
import { browseRoutes } from './browse.ts';
import { phaseRoutes } from './phases.ts';
import { postingRoutes } from './posting.ts';

/**
 * The project routes, one module per concern, registered in this order (the OpenAPI document lists
 * the operations in registration order).
 */
export const projectRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, options) => {
  for (const routes of [browseRoutes, postingRoutes, phaseRoutes, projectBidRoutes, addendaRoutes]) {
    await app.register(routes, options);
  }
};
