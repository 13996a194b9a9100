import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ChangeOwnRole } from '../../../../application/accounts/use-cases.ts';
import { requireUser } from '../http/auth.ts';
import { errors, RoleSchema, toUserDto, UserRef } from '../http/schemas.ts';
import type { AppServices } from '../http/services.ts';

export const userRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  app.patch(
    '/api/users/me/role',
    {
      schema: {
        tags: ['users'],
        summary: 'Switch your own role',
        description: 'Self-service among client, contractor and vendor. Asking for admin answers 403.',
        security: [{ session: [] }],
        body: Type.Object({ role: RoleSchema }),
        response: { 200: UserRef, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return toUserDto(await services.get(ChangeOwnRole).execute(user.id, request.body.role));
    },
  );
};
