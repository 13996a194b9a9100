import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BLOCK_CHANGES_PER_MINUTE, CANNOT_MESSAGE_THIS_PERSON, MAX_BLOCKS } from '#domain/safety/block.ts';
import type { sessionId } from '../http/auth.ts';
import { operation } from '../http/openapi.ts';
import { BlockedUserRef, toBlockedUserDto } from '../http/schemas/block.ts';
import { errors } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

const tags = ['safety'];

export const blockNeeds = needs(['blockUser', 'unblockUser', 'listBlockedUsers']);

/**
 * Blocking a person (issue 27 item 4, decision 0220): the message dialog blocks, the profile lists and
 * unblocks. Blocks and unblocks are limited per user and route, so blocks cannot be churned to flood anyone.
 */
export const blockRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof blockNeeds>> = async (
  app,
  { useCases },
) => {
  const changeLimit = {
    rateLimit: {
      max: BLOCK_CHANGES_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: async (request: Parameters<typeof sessionId>[0]) => {
        const user = await request.currentUser();
        return user ? `block:${user.id}` : `block-ip:${request.ip}`;
      },
    },
  };
  const params = Type.Object({ userId: Type.String({ format: 'uuid' }) });

  app.get(
    '/api/users/me/blocks',
    {
      schema: {
        tags,
        ...operation({
          id: 'listBlockedUsers',
          summary: 'The people you blocked, newest block first',
          description:
            'The profile’s Blocked people. Only ever your own blocks: nobody can see who blocked them.',
          access: 'session',
          scope: 'profile:read',
          responses: { 200: 'The people you blocked' },
        }),
        response: { 200: Type.Array(BlockedUserRef), ...errors(401) },
      },
    },
    async (request) => (await useCases.listBlockedUsers.execute(request.user)).map(toBlockedUserDto),
  );

  app.put(
    '/api/users/me/blocks/:userId',
    {
      config: changeLimit,
      schema: {
        tags,
        ...operation({
          id: 'blockUser',
          summary: 'Block a person',
          description:
            'From then on neither of you can message the other (403 CANNOT_MESSAGE_USER; they read only ' +
            `'${CANNOT_MESSAGE_THIS_PERSON}'), and they cannot bid on your projects (to them the project is not ` +
            'accepting bids: 409 PROJECT_NOT_BIDDING). Their pending bids on your projects are declined, as any ' +
            'decline: they are told the bid was declined, never why. Blocking is silent: they are not told. ' +
            'Blocking someone you blocked changes nothing. Not yourself (400 CANNOT_BLOCK_SELF); admins neither ' +
            `block nor are blocked (403); at most ${MAX_BLOCKS} blocks (409 BLOCK_LIMIT_REACHED); an unknown or ` +
            `deleted account is 404. At most ${BLOCK_CHANGES_PER_MINUTE} blocks a minute, and as many unblocks (429).`,
          access: 'session',
          scope: 'messages:write',
          errors: {
            400: ['CANNOT_BLOCK_SELF'],
            403: ['ADMIN_CANNOT_BLOCK', 'CANNOT_BLOCK_ADMIN'],
            404: ['USER_NOT_FOUND'],
            409: ['BLOCK_LIMIT_REACHED'],
          },
          responses: { 204: 'Blocked' },
        }),
        params,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await useCases.blockUser.execute(request.user, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/users/me/blocks/:userId',
    {
      config: changeLimit,
      schema: {
        tags,
        ...operation({
          id: 'unblockUser',
          summary: 'Unblock a person',
          description:
            'From then on you can message each other again and they can bid on your projects; bids declined by ' +
            'the block stay declined. Unblocking someone you have not blocked changes nothing. At most ' +
            `${BLOCK_CHANGES_PER_MINUTE} unblocks a minute (429).`,
          access: 'session',
          scope: 'messages:write',
          responses: { 204: 'Not blocked (any more)' },
        }),
        params,
        response: { 204: Type.Null(), ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await useCases.unblockUser.execute(request.user, request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
