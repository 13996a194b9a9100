import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operation } from '../../http/openapi.ts';
import { ProjectRef, ProjectSummaryRef } from '../../http/schemas/project.ts';
import { errors } from '../../http/schemas.ts';
import { needs, type UsesOf } from '../../http/services.ts';
import {
  BROWSE_ERRORS,
  BrowsePageHeaders,
  DEFAULT_PROJECT_LIMIT,
  ListQuery,
  onProject,
  projectReader,
  sendPage,
} from './shared.ts';

export const browseNeeds = needs(['getProject', 'listProjects', 'openProject'], ['uploads']);

/** Browsing: the list of projects and one project. */
export const browseRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof browseNeeds>> = async (
  app,
  { useCases, http },
) => {
  const uploads = () => http.uploads;
  const projectFor = projectReader(useCases, http);

  app.get(
    '/api/projects',
    {
      schema: {
        tags: ['projects'],
        ...operation({
          id: 'listProjects',
          summary: 'Browse projects',
          description:
            'Newest first. Empty values and `all` mean no filter. The body is the page; the total is in ' +
            'X-Total-Count and the next page in `Link: <...>; rel="next"` (keyset paging with an opaque cursor).',
          access: 'session',
          scope: 'projects:read',
          errors: { 400: BROWSE_ERRORS },
          responses: { 200: 'One page of projects, newest first' },
        }),
        querystring: ListQuery,
        response: {
          200: Type.Array(ProjectSummaryRef, { headers: BrowsePageHeaders }),
          ...errors(400, 401),
        },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const { limit, ...filters } = request.query;
      const result = await useCases.listProjects.execute(user, {
        ...filters,
        limit: limit ?? DEFAULT_PROJECT_LIMIT,
      });
      return sendPage(request, reply, '/api/projects', result, uploads());
    },
  );

  app.get(
    '/api/projects/:id',
    {
      schema: {
        tags: ['projects'],
        ...onProject({
          id: 'getProject',
          summary: 'One project, with its files and the caller’s own bid',
          description:
            'What the project page shows: every field, the files, whether it takes bids, and your own bid. ' +
            'Reading a project counts a view: one per signed-in viewer per project per day (America/Nassau ' +
            "days), never the owner's. `viewCount` includes this view; `savedByMe` says whether the caller saved it.",
          access: 'session',
          scope: 'projects:read',
          responses: { 200: 'The project' },
        }),
        response: { 200: ProjectRef, ...errors(400, 401, 404) },
      },
    },
    async (request) => projectFor(request.user, request.params.id, { opened: true }),
  );
};
