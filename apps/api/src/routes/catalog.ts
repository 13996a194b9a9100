import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config.ts';
import { operation, publicRateLimit } from '../http/openapi.ts';
import { CatalogRef } from '../http/schemas/catalog.ts';
import { needs, type UsesOf } from '../http/services.ts';

export const catalogNeeds = needs(['getCatalog']);

export const catalogRoutes: FastifyPluginAsyncTypebox<
  UsesOf<typeof catalogNeeds> & { config: Config }
> = async (app, { config, useCases }) => {
  app.get(
    '/api/catalog',
    {
      config: publicRateLimit(config),
      schema: {
        tags: ['catalog'],
        ...operation({
          id: 'getCatalog',
          database: false,
          summary: 'Every catalogue the forms and filters use',
          description:
            'Project types, categories, stages, needs, phase groups and services, countries, Bahamas islands, ' +
            'budget bands, file, tag and plan limits, badges. Public; it changes only with a deployment.',
          access: 'public',
          responses: { 200: 'The catalogues (cacheable for an hour)' },
        }),
        response: { 200: CatalogRef },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return useCases.getCatalog.execute();
    },
  );
};
