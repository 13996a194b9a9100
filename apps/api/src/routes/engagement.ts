import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_SAVED_LISTED } from '#domain/project/engagement.ts';
import type { Config } from '../config.ts';
import { operation, publicRateLimit } from '../http/openapi.ts';
import { LandingRef, toLandingDto } from '../http/schemas/catalog.ts';
import { ProjectSummaryRef, SaveStateRef } from '../http/schemas/project.ts';
import { errors } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';
import { onProject, projectSummaries } from './projects/shared.ts';

export const engagementNeeds = needs(
  ['getLanding', 'listSavedProjects', 'saveProject', 'unsaveProject'],
  ['uploads'],
);

/** Saved projects and the public landing data (decisions 0120, 0122). Views are counted by GET /api/projects/{id}. */
export const engagementRoutes: FastifyPluginAsyncTypebox<
  UsesOf<typeof engagementNeeds> & { config: Config }
> = async (app, { config, useCases, http }) => {
  app.put(
    '/api/projects/:id/save',
    {
      schema: {
        tags: ['projects'],
        ...onProject({
          id: 'saveProject',
          summary: 'Save a project for later',
          description:
            "Anyone signed in but the project's owner (403 OWN_PROJECT_SAVE). Saving a saved project changes " +
            'nothing. Answers the save state and the project’s save count.',
          access: 'session',
          scope: 'projects:write',
          errors: { 403: ['OWN_PROJECT_SAVE'] },
          responses: { 200: 'Saved' },
        }),
        response: { 200: SaveStateRef, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => useCases.saveProject.execute(request.user, request.params.id),
  );

  app.delete(
    '/api/projects/:id/save',
    {
      schema: {
        tags: ['projects'],
        ...onProject({
          id: 'unsaveProject',
          summary: 'Remove a project from your saved projects',
          description:
            'Removing a project that is not saved changes nothing. Answers the save state and count.',
          access: 'session',
          scope: 'projects:write',
          responses: { 200: 'Not saved (any more)' },
        }),
        response: { 200: SaveStateRef, ...errors(400, 401, 404) },
      },
    },
    async (request) => useCases.unsaveProject.execute(request.user, request.params.id),
  );

  app.get(
    '/api/users/me/saved-projects',
    {
      schema: {
        tags: ['users'],
        ...operation({
          id: 'listSavedProjects',
          summary: 'The projects you saved, newest save first (Saved Projects)',
          description: `At most ${MAX_SAVED_LISTED}. Deleted projects drop out of the list.`,
          access: 'session',
          scope: 'projects:read',
          responses: { 200: 'Your saved projects' },
        }),
        response: { 200: Type.Array(ProjectSummaryRef), ...errors(401) },
      },
    },
    async (request) => projectSummaries(await useCases.listSavedProjects.execute(request.user), http.uploads),
  );

  app.get(
    '/api/landing',
    {
      config: publicRateLimit(config),
      schema: {
        tags: ['landing'],
        ...operation({
          id: 'getLanding',
          summary: 'What the public landing page shows: featured projects, testimonials and figures',
          description:
            'No sign-in needed. `featured`: the 3 newest projects open for bids. `testimonials`: the newest ' +
            'reviews rated 4 or 5 with a comment (reviewer first name and role only), at most 4, and only once ' +
            'at least 3 exist (else empty: the page shows sample quotes). `figures`: real counts.',
          access: 'public',
          responses: { 200: 'The landing page data' },
        }),
        response: { 200: LandingRef },
      },
    },
    async (_request, reply) => {
      const landing = await useCases.getLanding.execute();
      const featured = await projectSummaries(landing.featured, http.uploads);
      reply.header('cache-control', 'no-cache');
      return toLandingDto(landing, featured);
    },
  );
};
