import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AdminChangeRole } from '../../../../application/accounts/use-cases.ts';
import { ListUsers } from '../../../../application/profile/use-cases.ts';
import { GetPlatformStats } from '../../../../application/stats/use-cases.ts';
import { requireUser } from '../http/auth.ts';
import { AdminStatsRef, AdminUserRef } from '../http/messaging-schemas.ts';
import { operation } from '../http/openapi.ts';
import { errors, RoleSchema, toUserDto } from '../http/schemas.ts';
import type { AppServices } from '../http/services.ts';

/** The admin page's calls (accounts-and-shell section 7). Anyone but an admin gets 403 ADMIN_ONLY. */
export const adminRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        ...operation({
          id: 'listUsers',
          summary: 'Every user, oldest first (admins only)',
          description:
            "The admin page's user table. `role` filters by role; empty or `all` lists everyone. " +
            'Anyone but an admin gets 403 ADMIN_ONLY.',
          access: 'session',
          errors: { 403: ['ADMIN_ONLY'] },
          responses: { 200: 'The users, oldest first' },
        }),
        querystring: Type.Object({
          role: Type.Optional(
            Type.Union([RoleSchema, Type.Literal(''), Type.Literal('all')], {
              description: "Only users with this role; '' or 'all' is everyone",
            }),
          ),
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
        tags: ['admin'],
        ...operation({
          id: 'getPlatformStats',
          summary: 'Platform counts: active projects and bids (admins only)',
          description: 'The counters at the top of the admin page. Anyone but an admin gets 403 ADMIN_ONLY.',
          access: 'session',
          errors: { 403: ['ADMIN_ONLY'] },
          responses: { 200: 'The counts' },
        }),
        response: { 200: AdminStatsRef, ...errors(401, 403) },
      },
    },
    async (request) => services.get(GetPlatformStats).execute(await requireUser(request)),
  );

  app.post(
    '/api/admin/users/:id/role',
    {
      schema: {
        tags: ['admin'],
        ...operation({
          id: 'setUserRole',
          summary: "Set any user's role, admin included (admins only)",
          description:
            'Answers the user with the new role. Anyone but an admin gets 403 ADMIN_ONLY; an unknown user 404. ' +
            'Taking the role from the last admin answers 409 LAST_ADMIN ("<name> is the only admin. Make another ' +
            'user an admin before changing this role."); nothing changes.',
          access: 'session',
          errors: { 403: ['ADMIN_ONLY'], 404: ['USER_NOT_FOUND'], 409: ['LAST_ADMIN'] },
          responses: { 200: 'The user, with the new role' },
        }),
        params: Type.Object({ id: Type.String({ format: 'uuid', description: 'The user id' }) }),
        body: Type.Object({ role: RoleSchema }, { examples: [{ role: 'contractor' }] }),
        response: { 200: AdminUserRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = await requireUser(request);
      const user = await services.get(AdminChangeRole).execute(actor, request.params.id, request.body.role);
      return toUserDto(user);
    },
  );
};
