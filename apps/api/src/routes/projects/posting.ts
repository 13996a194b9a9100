import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { idempotentRoute } from '../../http/idempotency.ts';
import { operation } from '../../http/openapi.ts';
import {
  type ReadProjectFormOptions,
  readProjectForm,
  removeQuietly,
  toDetailsInput,
} from '../../http/project-form.ts';
import { ProjectFormBody, ProjectRef } from '../../http/schemas/project.ts';
import { errors } from '../../http/schemas.ts';
import { needs, type UsesOf } from '../../http/services.ts';
import {
  IDEMPOTENCY_ERRORS,
  IDEMPOTENCY_TEXT,
  IdempotencyHeaders,
  onProject,
  PROJECT_FORM_ERRORS,
  projectReader,
} from './shared.ts';

export const postingNeeds = needs(
  ['deleteProject', 'editProject', 'getProject', 'openProject', 'postProject'],
  ['clock', 'idempotency', 'settings', 'uploads'],
);

/** Posting a project, editing it and deleting it (the project form). */
export const postingRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof postingNeeds>> = async (
  app,
  { useCases, http },
) => {
  const uploads = () => http.uploads;
  const idempotent = idempotentRoute(http);
  const timeZone = () => http.settings.timeZone;
  const projectFor = projectReader(useCases, http);

  /**
   * Reads the project form (its files are stored as they stream in) and converts its data for the use
   * case: data that does not convert answers its error and keeps none of the files.
   */
  async function readDetails(request: FastifyRequest, keptCount?: ReadProjectFormOptions['keptCount']) {
    const storage = uploads();
    const { data, files } = await readProjectForm(request, { storage, keptCount });
    try {
      return { data, files, input: toDetailsInput(data, timeZone()) };
    } catch (error) {
      await removeQuietly(
        storage,
        files.map((f) => f.name),
        request,
      );
      throw error;
    }
  }

  app.post(
    '/api/projects',
    {
      schema: {
        tags: ['projects'],
        ...operation({
          id: 'postProject',
          summary: 'Post a project (clients), with up to 5 files',
          description:
            'multipart/form-data: a `projectData` field holding the ProjectData JSON, and the files as repeated ' +
            '`files` parts. Files are checked by their content (images, PDF, DOC, DOCX), each at most 80 MB ' +
            "(413 '{file} exceeds 80MB limit'); a sixth file answers 400 'Maximum 5 files allowed'. " +
            'A request that fails keeps none of its files. ' +
            IDEMPOTENCY_TEXT,
          access: 'session',
          scope: 'projects:write',
          errors: {
            ...PROJECT_FORM_ERRORS,
            400: [...PROJECT_FORM_ERRORS[400], 'INVALID_IDEMPOTENCY_KEY'],
            403: ['CLIENTS_ONLY'],
            409: IDEMPOTENCY_ERRORS,
          },
          responses: { 201: 'The new project, as GET /api/projects/{id} shows it' },
        }),
        multipartBody: ProjectFormBody,
        headers: IdempotencyHeaders,
        response: { 201: ProjectRef, ...errors(400, 401, 403, 409, 413) },
      },
      ...idempotent,
    },
    async (request, reply) => {
      const user = request.user;
      const { input, files } = await readDetails(request);
      // PostProject removes the stored files itself when posting fails.
      const project = await useCases.postProject.execute(user, { ...input, files });
      return reply.status(201).send(await projectFor(user, project.id));
    },
  );

  app.patch(
    '/api/projects/:id',
    {
      schema: {
        tags: ['projects'],
        ...onProject({
          id: 'editProject',
          summary: 'Edit your project while it is active and not yet awarded',
          description:
            'multipart/form-data like posting. In projectData, fields left out keep their value and ' +
            '`attachments` lists the stored names of the files to keep (absent keeps them all); new files ' +
            "come as `files`. Kept plus new is at most 5: 'Maximum 5 files allowed. You currently have {n} files.' " +
            'Dropped files are deleted after the edit is saved.',
          access: 'session',
          scope: 'projects:write',
          errors: {
            ...PROJECT_FORM_ERRORS,
            400: [...PROJECT_FORM_ERRORS[400], 'UNKNOWN_ATTACHMENT'],
            403: ['NOT_PROJECT_OWNER'],
            409: ['PROJECT_NOT_EDITABLE', 'BID_DEADLINE_SHORTENED'],
          },
          responses: { 200: 'The project as saved' },
        }),
        multipartBody: ProjectFormBody,
        response: { 200: ProjectRef, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const user = request.user;
      const { id } = request.params;
      // Answer 404 before storing anything for a project that does not exist.
      const current = await useCases.getProject.execute(user, id);
      const { input, data, files } = await readDetails(request, (d) =>
        d === undefined
          ? undefined
          : d.attachments
            ? new Set(d.attachments).size
            : current.project.attachments.length,
      );
      // EditProject removes the new files itself when the edit fails.
      await useCases.editProject.execute(user, id, {
        ...input,
        ...(data.attachments ? { attachments: data.attachments } : {}),
        newFiles: files,
      });
      return projectFor(user, id);
    },
  );

  app.delete(
    '/api/projects/:id',
    {
      schema: {
        tags: ['projects'],
        ...onProject({
          id: 'deleteProject',
          summary: 'Delete your project permanently (its bids and files go too)',
          description: 'Owner (or admin) only. Its bids, reviews and files are removed with it.',
          access: 'session',
          scope: 'projects:write',
          errors: { 403: ['NOT_PROJECT_OWNER'] },
          responses: { 204: 'Deleted' },
        }),
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      await useCases.deleteProject.execute(user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
