import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DEFAULT_CONVERSATION_LIMIT,
  GetConversation,
  MAX_CONVERSATION_LIMIT,
  SendMessage,
} from '../../../../application/messages/use-cases.ts';
import { MAX_MESSAGE_LENGTH } from '../../../../domain/message/message.ts';
import type { Config } from '../config.ts';
import { requireUser, sessionId } from '../http/auth.ts';
import { MessageRef, toMessageDto } from '../http/messaging-schemas.ts';
import { errors } from '../http/schemas.ts';
import type { AppServices } from '../http/services.ts';

const secured = { tags: ['messages'], security: [{ session: [] }] };
const Uuid = Type.String({ format: 'uuid' });

/** The message dialog (accounts-and-shell sections 2 and 7): a message only ever shows to its two parties. */
export const messageRoutes: FastifyPluginAsyncTypebox<{ services: AppServices; config: Config }> = async (
  app,
  { services, config },
) => {
  /** Sending is limited per signed-in session (per address when there is none): no flooding a receiver. */
  const sendLimit = {
    rateLimit: {
      max: config.messageRateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: Parameters<typeof sessionId>[0]) => sessionId(request) ?? request.ip,
    },
  };
  app.get(
    '/api/messages',
    {
      schema: {
        ...secured,
        summary: 'Your conversation with one other user, oldest first',
        description:
          'Messages between you and otherUserId (either direction), only those about projectId when given. ' +
          'The newest `limit` are returned, oldest first. Fetching marks the ones addressed to you read.',
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
      const user = await requireUser(request);
      const { otherUserId, projectId, limit } = request.query;
      const list = await services
        .get(GetConversation)
        .execute(user.id, { otherUserId, projectId: projectId || null, limit });
      return list.map(toMessageDto);
    },
  );

  app.post(
    '/api/messages',
    {
      config: sendLimit,
      schema: {
        ...secured,
        summary: 'Send a message',
        description:
          `The content is trimmed; empty answers 400 MESSAGE_EMPTY, over ${MAX_MESSAGE_LENGTH} characters 400 ` +
          'MESSAGE_TOO_LONG, to yourself 400 CANNOT_MESSAGE_SELF; an unknown receiver or project 404. ' +
          'The receiver’s sockets get {type:"new_message"} and a message_received notification.',
        body: Type.Object({
          receiverId: Uuid,
          projectId: Type.Optional(Type.Union([Uuid, Type.Null()])),
          content: Type.String({ maxLength: MAX_MESSAGE_LENGTH * 4 }),
          type: Type.Optional(Type.Literal('text')),
        }),
        response: { 201: MessageRef, ...errors(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const message = await services.get(SendMessage).execute(user, request.body);
      return reply.status(201).send(toMessageDto(message));
    },
  );
};
