import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { type Static, Type } from 'typebox';
import type { AskQuestion, PostClarification, QuestionView } from '#application/projects/index.ts';
import { ANSWER_MAX_LENGTH, QUESTION_MAX_LENGTH } from '#domain/project/question.ts';
import type { User } from '#domain/user/user.ts';
import { operation } from '../http/openapi.ts';
import { errors } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';
import { onProject } from './projects/shared.ts';

/** A project question or clarification as the project page shows it (decision 0131). */
const QuestionSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    projectId: Type.String({ format: 'uuid' }),
    kind: Type.Enum(['question', 'clarification'], {
      description: "'clarification': posted by the owner without a question",
    }),
    question: Type.Union([Type.String(), Type.Null()], { description: 'Null for a clarification' }),
    answer: Type.Union([Type.String(), Type.Null()], { description: 'Null until the owner answers' }),
    askerName: Type.Union([Type.String(), Type.Null()], {
      description: 'Shown to the owner and admins, and to everyone when the owner chose to show it',
    }),
    showAsker: Type.Boolean(),
    mine: Type.Boolean({ description: 'Whether the caller asked it' }),
    hidden: Type.Boolean({ description: 'Hidden by an admin (only admins see hidden ones)' }),
    createdAt: Type.String({ format: 'date-time' }),
    answeredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  {
    $id: 'Question',
    additionalProperties: false,
    examples: [
      {
        id: '7b1f0a52-6a7e-4a52-9d0c-3f6f3b1c2d4e',
        projectId: '2c8f8a52-6a7e-4a52-9d0c-3f6f3b1c2d4e',
        kind: 'question',
        question: 'Is the existing sheathing to be replaced?',
        answer: 'Yes, all of it, with 5/8" plywood.',
        askerName: null,
        showAsker: false,
        mine: false,
        hidden: false,
        createdAt: '2026-11-22T15:04:05.000Z',
        answeredAt: '2026-11-22T16:00:00.000Z',
      },
    ],
  },
);
type QuestionDto = Static<typeof QuestionSchema>;
const QuestionRef = Type.Unsafe<QuestionDto>(Type.Ref('Question'));

function toQuestionDto(view: QuestionView): QuestionDto {
  const q = view.question;
  return {
    id: q.id,
    projectId: q.projectId,
    kind: q.kind,
    question: q.question,
    answer: q.answer,
    askerName: view.askerName,
    showAsker: q.showAsker,
    mine: view.mine,
    hidden: q.hidden,
    createdAt: q.createdAt.toISOString(),
    answeredAt: q.answeredAt ? q.answeredAt.toISOString() : null,
  };
}

const QuestionIdParams = Type.Object({
  questionId: Type.String({ format: 'uuid', description: 'The question id' }),
});
const tags = ['questions'];

/** A request that posts a text on a project. */
interface TextOnProject {
  user: User;
  params: { id: string };
  body: { text: string };
}

export const questionNeeds = needs([
  'answerQuestion',
  'askQuestion',
  'hideQuestion',
  'listQuestions',
  'postClarification',
]);

export const questionRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof questionNeeds>> = async (
  app,
  { useCases },
) => {
  app.addSchema(QuestionSchema);

  /** The question a use case just posted or changed, as the caller now sees it. */
  async function viewOf(user: User, changed: Promise<{ id: string; projectId: string }>) {
    const { id, projectId } = await changed;
    const views = await useCases.listQuestions.execute(user, projectId);
    const view = views.find((v) => v.question.id === id);
    if (!view) throw new Error(`question ${id} not visible after the change`);
    return toQuestionDto(view);
  }

  /** Posts the body's text on the project with `post`: 201, with the question as its poster now sees it. */
  const postsText =
    (post: AskQuestion | PostClarification) =>
    async ({ user, params, body }: TextOnProject, reply: FastifyReply) =>
      reply.status(201).send(await viewOf(user, post.execute(user, params.id, body.text)));

  app.get(
    '/api/projects/:id/questions',
    {
      schema: {
        tags,
        ...onProject({
          id: 'listQuestions',
          summary: "A project's questions and clarifications, oldest first",
          description:
            'Everyone signed in sees answered questions and clarifications; the asker also sees their own ' +
            'open questions, the owner every question, admins hidden ones too. The asker’s name shows only ' +
            'to the owner and admins unless the owner chose to show it.',
          access: 'session',
          scope: 'projects:read',
          responses: { 200: 'The questions the caller may see' },
        }),
        response: { 200: Type.Array(QuestionRef), ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      (await useCases.listQuestions.execute(request.user, request.params.id)).map(toQuestionDto),
  );

  app.post(
    '/api/projects/:id/questions',
    {
      schema: {
        tags,
        ...onProject({
          id: 'askQuestion',
          summary: 'Ask a question on a project that takes bids (contractors and vendors)',
          description:
            `At most ${QUESTION_MAX_LENGTH} characters; not on your own project; at most 10 questions per hour ` +
            '(429 QUESTION_RATE_LIMITED). The owner is notified (in-app, socket, email).',
          access: 'session',
          scope: 'projects:write',
          errors: {
            400: ['QUESTION_REQUIRED', 'QUESTION_TOO_LONG'],
            403: ['ROLE_CANNOT_ASK', 'OWN_PROJECT'],
            409: ['PROJECT_NOT_ACTIVE', 'PROJECT_NOT_BIDDING', 'BID_DEADLINE_PASSED'],
            429: ['QUESTION_RATE_LIMITED'],
          },
          responses: { 201: 'The question as stored (visible to the asker and the owner until answered)' },
        }),
        body: Type.Object(
          { text: Type.String({ maxLength: QUESTION_MAX_LENGTH * 4 }) },
          { additionalProperties: false, examples: [{ text: 'Is the existing sheathing to be replaced?' }] },
        ),
        response: { 201: QuestionRef, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    postsText(useCases.askQuestion),
  );

  app.post(
    '/api/projects/:id/clarifications',
    {
      schema: {
        tags,
        ...onProject({
          id: 'postClarification',
          summary: 'Post a clarification without a question (owner)',
          description:
            `While the project is active and in bidding; at most ${ANSWER_MAX_LENGTH} characters. Public at once; ` +
            'every bidder is notified.',
          access: 'session',
          scope: 'projects:write',
          errors: {
            400: ['CLARIFICATION_REQUIRED', 'CLARIFICATION_TOO_LONG'],
            403: ['NOT_PROJECT_OWNER'],
            409: ['PROJECT_NOT_ACTIVE', 'PROJECT_NOT_BIDDING'],
          },
          responses: { 201: 'The clarification as stored' },
        }),
        body: Type.Object(
          { text: Type.String({ maxLength: ANSWER_MAX_LENGTH * 4 }) },
          {
            additionalProperties: false,
            examples: [{ text: 'Work hours are 8am to 5pm, Monday to Friday.' }],
          },
        ),
        response: { 201: QuestionRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    postsText(useCases.postClarification),
  );

  app.post(
    '/api/questions/:questionId/answer',
    {
      schema: {
        tags,
        ...operation({
          id: 'answerQuestion',
          summary: 'Answer a question on your project (owner, once)',
          description:
            'The answered question becomes public, without the asker’s name unless `showAsker` is true. The ' +
            'asker and every bidder are notified; bidders may then revise their pending bids.',
          access: 'session',
          scope: 'projects:write',
          errors: {
            400: ['ANSWER_REQUIRED', 'ANSWER_TOO_LONG'],
            403: ['NOT_PROJECT_OWNER'],
            404: ['QUESTION_NOT_FOUND', 'PROJECT_NOT_FOUND'],
            409: ['QUESTION_ALREADY_ANSWERED', 'QUESTION_HIDDEN', 'PROJECT_NOT_ACTIVE'],
          },
          responses: { 200: 'The answered question' },
        }),
        params: QuestionIdParams,
        body: Type.Object(
          {
            answer: Type.String({ maxLength: ANSWER_MAX_LENGTH * 4 }),
            showAsker: Type.Optional(Type.Boolean({ description: "Show the asker's name (default false)" })),
          },
          { additionalProperties: false, examples: [{ answer: 'Yes, all of it.', showAsker: false }] },
        ),
        response: { 200: QuestionRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async ({ user, params, body }) =>
      viewOf(user, useCases.answerQuestion.execute(user, params.questionId, body)),
  );

  app.post(
    '/api/questions/:questionId/hidden',
    {
      schema: {
        tags,
        ...operation({
          id: 'hideQuestion',
          summary: 'Hide (or show again) an abusive question (admins)',
          description: 'A hidden question is shown to nobody but admins, and cannot be answered.',
          access: 'session',
          errors: { 403: ['ADMIN_ONLY'], 404: ['QUESTION_NOT_FOUND'] },
          responses: { 200: 'The question as admins now see it' },
        }),
        params: QuestionIdParams,
        body: Type.Object(
          { hidden: Type.Boolean() },
          { additionalProperties: false, examples: [{ hidden: true }] },
        ),
        response: { 200: QuestionRef, ...errors(400, 401, 403, 404) },
      },
    },
    async ({ user, params, body }) =>
      viewOf(user, useCases.hideQuestion.execute(user, params.questionId, body.hidden)),
  );
};
