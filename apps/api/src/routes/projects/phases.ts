import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PROJECT_PHASES } from '#domain/project/phase.ts';
import { ReviewRef, toReviewDto } from '../../http/schemas/profile.ts';
import { ProjectRef } from '../../http/schemas/project.ts';
import { errors } from '../../http/schemas.ts';
import { needs, type UsesOf } from '../../http/services.ts';
import { onProject, projectReader } from './shared.ts';

export const phaseNeeds = needs(
  ['cancelProject', 'getProject', 'moveProjectPhase', 'openProject', 'reviewContractor'],
  ['uploads'],
);

/** A project's phases: moving it on, cancelling it, and reviewing the contractor once it is completed. */
export const phaseRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof phaseNeeds>> = async (
  app,
  { useCases, http },
) => {
  const projectFor = projectReader(useCases, http);

  app.post(
    '/api/projects/:id/phase',
    {
      schema: {
        tags: ['projects'],
        ...onProject({
          id: 'moveProjectPhase',
          summary: 'Move your awarded project on: awarded → in_progress → review → completed',
          description:
            'Owner only, one step at a time (409 INVALID_PHASE_TRANSITION otherwise). Reaching completed ' +
            'sets the status completed.',
          access: 'session',
          scope: 'projects:write',
          errors: {
            403: ['NOT_PROJECT_OWNER'],
            409: ['INVALID_PHASE_TRANSITION', 'PROJECT_NOT_ACTIVE'],
          },
          responses: { 200: 'The project in its new phase' },
        }),
        body: Type.Object(
          { phase: Type.Enum([...PROJECT_PHASES]) },
          { examples: [{ phase: 'in_progress' }] },
        ),
        response: { 200: ProjectRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = request.user;
      await useCases.moveProjectPhase.execute(user, request.params.id, request.body.phase);
      return projectFor(user, request.params.id);
    },
  );

  app.post(
    '/api/projects/:id/cancel',
    {
      schema: {
        tags: ['projects'],
        ...onProject({
          id: 'cancelProject',
          summary: 'Cancel your active project; its pending bids are rejected',
          description:
            'Owner only. No body. A project that is not active answers 409 PROJECT_NOT_CANCELLABLE.',
          access: 'session',
          scope: 'projects:write',
          errors: {
            403: ['NOT_PROJECT_OWNER'],
            409: ['PROJECT_NOT_CANCELLABLE'],
          },
          responses: { 200: 'The cancelled project' },
        }),
        response: { 200: ProjectRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = request.user;
      await useCases.cancelProject.execute(user, request.params.id);
      return projectFor(user, request.params.id);
    },
  );

  app.post(
    '/api/projects/:id/reviews',
    {
      schema: {
        tags: ['projects'],
        ...onProject({
          id: 'reviewContractor',
          summary: 'Review the contractor of your completed project (once)',
          description:
            "The owner rates the awarded contractor 1..5 stars; the contractor's rating is recomputed. " +
            'Only once per project (409 REVIEW_ALREADY_EXISTS).',
          access: 'session',
          scope: 'projects:write',
          errors: {
            400: ['INVALID_RATING', 'COMMENT_TOO_LONG'],
            403: ['NOT_PROJECT_OWNER'],
            404: ['USER_NOT_FOUND'],
            409: ['PROJECT_NOT_COMPLETED', 'NO_AWARDED_CONTRACTOR', 'REVIEW_ALREADY_EXISTS'],
          },
          responses: { 201: 'The review' },
        }),
        body: Type.Object(
          {
            rating: Type.Integer({ minimum: 1, maximum: 5, description: 'Whole stars, 1..5' }),
            comment: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
          },
          { examples: [{ rating: 5, comment: 'On time and tidy. Would hire again.' }] },
        ),
        response: { 201: ReviewRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const review = await useCases.reviewContractor.execute(user, request.params.id, request.body);
      return reply.status(201).send(toReviewDto(review));
    },
  );
};
