import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_SAVED_SEARCHES } from '#domain/project/saved-search.ts';
import type { ErrorCode } from '#domain/shared/error-codes.ts';
import { operation } from '../http/openapi.ts';
import { SavedSearchRef, toSavedSearchDto } from '../http/schemas/saved-search.ts';
import { errors } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

const SavedSearchIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

const Filters = Type.Object(
  {
    q: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    country: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])),
    category: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    budget: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  },
  { description: "The browse filters; empty, null or 'all' means no filter" },
);
const Alerts = Type.String({ maxLength: 10, description: "'off', 'instant' (the default) or 'daily'" });

const VALIDATION: ErrorCode[] = [
  'SAVED_SEARCH_NAME_REQUIRED',
  'SAVED_SEARCH_NAME_TOO_LONG',
  'UNKNOWN_BUDGET_BAND',
  'UNKNOWN_ALERTS',
];

export const savedSearchNeeds = needs([
  'createSavedSearch',
  'deleteSavedSearch',
  'listSavedSearches',
  'updateSavedSearch',
]);

/** Saved searches with alerts (decision 0133): the browse page's 'Save this search' and the Saved searches page. */
export const savedSearchRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof savedSearchNeeds>> = async (
  app,
  { useCases },
) => {
  app.get(
    '/api/saved-searches',
    {
      schema: {
        tags: ['saved searches'],
        ...operation({
          id: 'listSavedSearches',
          summary: 'Your saved searches, newest first',
          description: `At most ${MAX_SAVED_SEARCHES}.`,
          access: 'session',
          scope: 'projects:read',
          responses: { 200: 'Your saved searches' },
        }),
        response: { 200: Type.Array(SavedSearchRef), ...errors(401) },
      },
    },
    async (request) => (await useCases.listSavedSearches.execute(request.user)).map(toSavedSearchDto),
  );

  app.post(
    '/api/saved-searches',
    {
      schema: {
        tags: ['saved searches'],
        ...operation({
          id: 'createSavedSearch',
          summary: 'Save the current browse filters and text under a name',
          description:
            `At most ${MAX_SAVED_SEARCHES} per user (409 SAVED_SEARCH_LIMIT); names are unique per user, ignoring ` +
            'case (409 SAVED_SEARCH_NAME_TAKEN). When a project is posted that these filters would list, you get a ' +
            'notification and, by `alerts`, a mail at once or in a daily digest.',
          access: 'session',
          scope: 'projects:write',
          errors: { 400: VALIDATION, 409: ['SAVED_SEARCH_LIMIT', 'SAVED_SEARCH_NAME_TAKEN'] },
          responses: { 201: 'The saved search' },
        }),
        body: Type.Object(
          {
            name: Type.String({ maxLength: 200 }),
            filters: Type.Optional(Filters),
            alerts: Type.Optional(Alerts),
          },
          {
            examples: [
              { name: 'Kitchens in the Bahamas', filters: { q: 'kitchen', country: 'BS' }, alerts: 'daily' },
            ],
          },
        ),
        response: { 201: SavedSearchRef, ...errors(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const { name, filters, alerts } = request.body;
      const search = await useCases.createSavedSearch.execute(user, { name, filters: filters ?? {}, alerts });
      return reply.status(201).send(toSavedSearchDto(search));
    },
  );

  app.patch(
    '/api/saved-searches/:id',
    {
      schema: {
        tags: ['saved searches'],
        ...operation({
          id: 'updateSavedSearch',
          summary: 'Rename a saved search, change its filters or its alerts',
          description: "Only the search's owner; anyone else gets 404, as for a search that does not exist.",
          access: 'session',
          scope: 'projects:write',
          errors: { 400: VALIDATION, 404: ['SAVED_SEARCH_NOT_FOUND'], 409: ['SAVED_SEARCH_NAME_TAKEN'] },
          responses: { 200: 'The saved search as saved' },
        }),
        params: SavedSearchIdParams,
        body: Type.Object(
          {
            name: Type.Optional(Type.String({ maxLength: 200 })),
            filters: Type.Optional(Filters),
            alerts: Type.Optional(Alerts),
          },
          { examples: [{ alerts: 'off' }] },
        ),
        response: { 200: SavedSearchRef, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const user = request.user;
      const { name, filters, alerts } = request.body;
      const search = await useCases.updateSavedSearch.execute(user, request.params.id, {
        name,
        filters,
        alerts,
      });
      return toSavedSearchDto(search);
    },
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      schema: {
        tags: ['saved searches'],
        ...operation({
          id: 'deleteSavedSearch',
          summary: 'Delete a saved search',
          description: "Only the search's owner; anyone else gets 404.",
          access: 'session',
          scope: 'projects:write',
          errors: { 404: ['SAVED_SEARCH_NOT_FOUND'] },
          responses: { 204: 'Deleted' },
        }),
        params: SavedSearchIdParams,
        response: { 204: Type.Null(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      await useCases.deleteSavedSearch.execute(user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
