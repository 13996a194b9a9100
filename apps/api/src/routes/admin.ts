import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AdminChangeRole } from '../../../../application/accounts/use-cases.ts';
import { ListUsers } from '../../../../application/profile/use-cases.ts';
import { GetPlatformStats } from '../../../../application/stats/use-cases.ts';
import { requireUser } from '../http/auth.ts';
import { AdminStatsRef, AdminUserRef } from '../http/messaging-schemas.ts';
import { errors, RoleSchema, toUserDto } from '../http/schemas.ts';
import type { AppServices } from '../http/services.ts';

const adminOnly = { tags: ['admin'], security: [{ session: [] }] };

/** The admin page's calls (accounts-and-shell section 7). Anyone but an admin gets 403 ADMIN_ONLY. */
export const adminRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/users',
    {
      schema: {
        ...adminOnly,
        summary: 'Every user, oldest first (admins only)',
        querystring: Type.Object({
          role: Type.Optional(Type.Union([RoleSchema, Type.Literal(''), Type.Literal('all')])),
        }),
        response: { 200: Type.Array(AdminUserRef), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const role = request.query.role;
      const filter = role && role !== 'all' ? { role } : {};
      return (await services.get(ListUsers).execute(actor, filter)).map(toUserDto);
    },
  );

  app.get(
    '/api/admin/stats',
    {
      schema: {
        ...adminOnly,
        summary: 'Platform counts: active projects and bids (admins only)',
        response: { 200: AdminStatsRef, ...errors(401, 403) },
      },
    },
    async (request) => services.get(GetPlatformStats).execute(await requireUser(request)),
  );

  app.post(
    '/api/admin/users/:id/role',
    {
      schema: {
        ...adminOnly,
        summary: "Set any user's role, admin included (admins only)",
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        body: Type.Object({ role: RoleSchema }),
        response: { 200: AdminUserRef, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const user = await services.get(AdminChangeRole).execute(actor, request.params.id, request.body.role);
      return toUserDto(user);
    },
  );
};
