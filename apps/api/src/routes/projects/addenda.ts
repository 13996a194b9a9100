import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Addendum } from '#domain/project/addendum.ts';
import { ValidationError } from '#domain/shared/errors.ts';
import { parseDate, readAddendumForm } from '../../http/project-form.ts';
import { AddendumFormBody, AddendumRef, toAddendumDto } from '../../http/schemas/addendum.ts';
import { ProjectRef } from '../../http/schemas/project.ts';
import { errors } from '../../http/schemas.ts';
import { needs, type UsesOf } from '../../http/services.ts';
import { onProject, projectReader } from './shared.ts';

export const addendaNeeds = needs(
  ['changeBidDeadline', 'getProject', 'listAddenda', 'openProject', 'postAddendum'],
  ['settings', 'uploads'],
);

/** After posting: the bid deadline's changes and the addenda. */
export const addendaRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof addendaNeeds>> = async (
  app,
  { useCases, http },
) => {
  const uploads = () => http.uploads;
  const timeZone = () => http.settings.timeZone;
  const projectFor = projectReader(useCases, http);
  /** An addendum with what is known of its files. */
  const addendumDto = async (addendum: Addendum) => {
    const s = addendum.toSnapshot();
    return toAddendumDto(s, await uploads().describe(s.attachments));
  };

  app.post(
    '/api/projects/:id/bid-deadline',
    {
      schema: {
        tags: ['projects'],
        ...onProject({
          id: 'changeBidDeadline',
          summary: 'Extend the bid deadline of your project (owner)',
          description:
            'While the project is active and in bidding, also after the deadline passed (bidding reopens). ' +
            'A date (YYYY-MM-DD) means the end of that day in the platform time zone. Never into the past, ' +
            'never earlier while the project has bids. Pending bids stay; every bidder is notified (in-app, ' +
            'socket and email).',
          access: 'session',
          scope: 'projects:write',
          errors: {
            400: [
              'BID_DEADLINE_IN_PAST',
              'BID_DEADLINE_UNCHANGED',
              'DEADLINE_BEFORE_BID_DEADLINE',
              'INVALID_DATE',
              'BID_DEADLINE_REQUIRED',
            ],
            403: ['NOT_PROJECT_OWNER'],
            409: ['BID_DEADLINE_SHORTENED', 'PROJECT_NOT_ACTIVE', 'PROJECT_NOT_BIDDING'],
          },
          responses: { 200: 'The project with its new bid deadline' },
        }),
        body: Type.Object(
          {
            bidDeadline: Type.String({
              minLength: 10,
              maxLength: 40,
              description: 'YYYY-MM-DD or an ISO 8601 date-time',
              examples: ['2026-12-31'],
            }),
          },
          { additionalProperties: false, examples: [{ bidDeadline: '2026-12-31' }] },
        ),
        response: { 200: ProjectRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = request.user;
      const to = parseDate(request.body.bidDeadline, 'bidDeadline', timeZone());
      if (!to) throw new ValidationError('BID_DEADLINE_REQUIRED', 'bidDeadline is required', 'bidDeadline');
      await useCases.changeBidDeadline.execute(user, request.params.id, to);
      return projectFor(user, request.params.id);
    },
  );

  app.get(
    '/api/projects/:id/addenda',
    {
      schema: {
        tags: ['projects'],
        ...onProject({
          id: 'listAddenda',
          summary: "A project's addenda, oldest first",
          description: 'Anyone signed in who can read the project reads its addenda.',
          access: 'session',
          scope: 'projects:read',
          responses: { 200: 'The addenda, oldest first' },
        }),
        response: { 200: Type.Array(AddendumRef), ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      Promise.all((await useCases.listAddenda.execute(request.user, request.params.id)).map(addendumDto)),
  );

  app.post(
    '/api/projects/:id/addenda',
    {
      schema: {
        tags: ['projects'],
        ...onProject({
          id: 'postAddendum',
          summary: 'Post an addendum to your project (owner), with up to 5 files',
          description:
            'multipart/form-data: a `text` field (1..5000 characters) and the files as repeated `files` parts, ' +
            'with the project upload rules (types by content, 80 MB each, at most 5). Owner only, while the ' +
            'project is active and in bidding. Every bidder is notified; a failed request keeps none of its files.',
          access: 'session',
          scope: 'projects:write',
          errors: {
            400: [
              'MULTIPART_REQUIRED',
              'ADDENDUM_TEXT_REQUIRED',
              'ADDENDUM_TEXT_TOO_LONG',
              'DUPLICATE_FIELD',
              'UNEXPECTED_FILE_FIELD',
              'TOO_MANY_FILES',
              'UNSUPPORTED_FILE_TYPE',
            ],
            403: ['NOT_PROJECT_OWNER'],
            409: ['PROJECT_NOT_ACTIVE', 'PROJECT_NOT_BIDDING'],
            413: ['FILE_TOO_LARGE', 'TEXT_TOO_LARGE', 'TOO_MANY_PARTS'],
          },
          responses: { 201: 'The addendum as stored' },
        }),
        multipartBody: AddendumFormBody,
        response: { 201: AddendumRef, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const { id } = request.params;
      // Answer 404 before storing anything for a project that does not exist.
      await useCases.getProject.execute(user, id);
      const { text, files } = await readAddendumForm(request, uploads());
      // PostAddendum removes the stored files itself when posting fails.
      const addendum = await useCases.postAddendum.execute(user, id, { text, files });
      return reply.status(201).send(await addendumDto(addendum));
    },
  );
};
