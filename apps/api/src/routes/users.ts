import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operation } from '../http/openapi.ts';
import { errors, RoleSchema, toUserDto, UserRef } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

export const userNeeds = needs(['changeOwnRole']);

export const userRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof userNeeds>> = async (app, { useCases }) => {
  app.patch(
    '/api/users/me/role',
    {
      schema: {
        tags: ['users'],
        ...operation({
          id: 'changeOwnRole',
          summary: 'Switch your own role',
          description:
            'Self-service among client, contractor and vendor. Asking for admin answers 403. The last admin ' +
            'cannot give up the role: 409 LAST_ADMIN.',
          access: 'session',
          errors: { 400: ['INVALID_ROLE'], 403: ['ROLE_NOT_SELF_ASSIGNABLE'], 409: ['LAST_ADMIN'] },
          responses: { 200: 'You, with the new role' },
        }),
        body: Type.Object({ role: RoleSchema }, { examples: [{ role: 'contractor' }] }),
        response: { 200: UserRef, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => toUserDto(await useCases.changeOwnRole.execute(request.user.id, request.body.role)),
  );
};
