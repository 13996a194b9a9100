import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetCatalog } from '../../../../application/catalog/use-cases.ts';
import { CatalogRef } from '../http/marketplace-schemas.ts';
import type { AppServices } from '../http/services.ts';

export const catalogRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/catalog',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Every catalogue the forms and filters use',
        description:
          'Project types, categories, stages, needs, phase groups and services, countries, Bahamas islands, ' +
          'budget bands, file, tag and plan limits, badges. Public; it changes only with a deployment.',
        response: { 200: CatalogRef },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return services.get(GetCatalog).execute();
    },
  );
};
