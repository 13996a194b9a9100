import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DEFAULT_CONVERSATION_LIMIT, MAX_CONVERSATION_LIMIT } from '#application/messages/index.ts';
import { MAX_MESSAGE_LENGTH } from '#domain/message/message.ts';
import type { Config } from '../config.ts';
import type { sessionId } from '../http/auth.ts';
import { ConversationStatusRef, MessageRef, toMessageDto } from '../http/messaging-schemas.ts';
import { operation } from '../http/openapi.ts';
import { errors } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

const tags = ['messages'];
const Uuid = Type.String({ format: 'uuid' });

export const messageNeeds = needs([
  'getConversation',
  'getConversationStatus',
  'markConversationRead',
  'sendMessage',
]);

/** The message dialog (accounts-and-shell sections 2 and 7): a message only ever shows to its two parties. */
export const messageRoutes: FastifyPluginAsyncTypebox<
  UsesOf<typeof messageNeeds> & { config: Config }
> = async (app, { config, useCases }) => {
  /**
   * Sending is limited per user (per address when nobody is signed in): no flooding a receiver, and a
   * second session or a fresh sign-in does not reset the count.
   */
  const sendLimit = {
    rateLimit: {
      max: config.messageRateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: async (request: Parameters<typeof sessionId>[0]) => {
        const user = await request.currentUser();
        return user ? `user:${user.id}` : `ip:${request.ip}`;
      },
    },
  };
  app.get(
    '/api/messages',
    {
      schema: {
        tags,
        ...operation({
          id: 'getConversation',
          summary: 'Your conversation with one other user, oldest first',
          description:
            'Messages between you and otherUserId (either direction), only those about projectId when given. ' +
            'The newest `limit` are returned, oldest first. Reading marks nothing read: POST /api/messages/read does.',
          access: 'session',
          scope: 'messages:read',
          responses: { 200: 'The messages, oldest first' },
        }),
        querystring: Type.Object({
          otherUserId: Uuid,
          projectId: Type.Optional(
            Type.Union([Uuid, Type.Literal('')], { description: "'' means any project" }),
          ),
          limit: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: MAX_CONVERSATION_LIMIT,
              default: DEFAULT_CONVERSATION_LIMIT,
            }),
          ),
        }),
        response: { 200: Type.Array(MessageRef), ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = request.user;
      const { otherUserId, projectId, limit } = request.query;
      const list = await useCases.getConversation.execute(user.id, {
        otherUserId,
        projectId: projectId || null,
        limit,
      });
      return list.map(toMessageDto);
    },
  );

  app.get(
    '/api/messages/status',
    {
      schema: {
        tags,
        ...operation({
          id: 'getConversationStatus',
          summary: 'Whether your conversation with one other user takes new messages',
          description:
            'closed is true once otherUserId deleted their account (decision 0193), or while either of you blocked ' +
            'the other (decision 0220): the message dialog then shows the conversation without its composer, and ' +
            "closedReason says why (to a blocked caller only 'You cannot message this person'). blockedByMe says " +
            'whether you blocked them. An unknown user answers 404.',
          access: 'session',
          scope: 'messages:read',
          errors: { 404: ['USER_NOT_FOUND'] },
          responses: { 200: 'Whether the conversation is closed' },
        }),
        querystring: Type.Object({ otherUserId: Uuid }),
        response: { 200: ConversationStatusRef, ...errors(400, 401, 404) },
      },
    },
    async (request) => useCases.getConversationStatus.execute(request.user.id, request.query.otherUserId),
  );

  app.post(
    '/api/messages/read',
    {
      schema: {
        tags,
        ...operation({
          id: 'markConversationRead',
          summary: 'Mark your conversation with one other user read',
          description:
            'Marks the unread messages addressed to you from otherUserId (only those about projectId when ' +
            'given) read, and answers how many there were. The message dialog calls it when it opens; ' +
            'reading the conversation (GET /api/messages) marks nothing.',
          access: 'session',
          scope: 'messages:write',
          responses: { 200: 'How many messages were unread' },
        }),
        body: Type.Object(
          {
            otherUserId: Uuid,
            projectId: Type.Optional(Type.Union([Uuid, Type.Null()])),
          },
          { examples: [{ otherUserId: '7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281', projectId: null }] },
        ),
        response: {
          200: Type.Object({ count: Type.Integer({ minimum: 0, description: 'How many were unread' }) }),
          ...errors(400, 401),
        },
      },
    },
    async (request) => {
      const user = request.user;
      const { otherUserId, projectId } = request.body;
      const count = await useCases.markConversationRead.execute(user.id, {
        otherUserId,
        projectId: projectId ?? null,
      });
      return { count };
    },
  );

  app.post(
    '/api/messages',
    {
      config: sendLimit,
      schema: {
        tags,
        ...operation({
          id: 'sendMessage',
          summary: 'Send a message',
          description:
            `The content is trimmed; empty answers 400 MESSAGE_EMPTY, over ${MAX_MESSAGE_LENGTH} characters 400 ` +
            'VALIDATION_FAILED (field content), to yourself 400 CANNOT_MESSAGE_SELF; an unknown receiver or project 404. ' +
            'The receiver’s sockets get {type:"new_message"} and a message_received notification. ' +
            'A receiver who deleted their account answers 409 RECIPIENT_DELETED (the conversation is closed; ' +
            'nothing is stored). A block between the two, either way, answers 403 CANNOT_MESSAGE_USER (decision ' +
            "0220; the blocked sender reads only 'You cannot message this person'). Each session may send a " +
            'limited number per minute (429 RATE_LIMITED).',
          access: 'session',
          scope: 'messages:write',
          errors: {
            400: ['MESSAGE_EMPTY', 'CANNOT_MESSAGE_SELF', 'UNSUPPORTED_MESSAGE_TYPE'],
            403: ['CANNOT_MESSAGE_USER'],
            404: ['USER_NOT_FOUND', 'PROJECT_NOT_FOUND'],
            409: ['RECIPIENT_DELETED'],
          },
          responses: { 201: 'The message as stored' },
        }),
        body: Type.Object(
          {
            receiverId: Uuid,
            projectId: Type.Optional(Type.Union([Uuid, Type.Null()])),
            content: Type.String({
              maxLength: MAX_MESSAGE_LENGTH,
              description: `Trimmed; 1..${MAX_MESSAGE_LENGTH} characters`,
            }),
            type: Type.Optional(Type.Literal('text')),
          },
          {
            examples: [
              {
                receiverId: '7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281',
                projectId: '0b1c2d3e-4f50-4617-8899-aabbccddeeff',
                content: 'Hi Marcus, could you start in March?',
                type: 'text',
              },
            ],
          },
        ),
        response: { 201: MessageRef, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const message = await useCases.sendMessage.execute(user, request.body);
      return reply.status(201).send(toMessageDto(message));
    },
  );
};
