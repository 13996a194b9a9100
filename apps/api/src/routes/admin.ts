import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { DEFAULT_ADMIN_PAGE, MAX_ADMIN_PAGE } from '#application/admin/index.ts';
import { AdminStatsRef, AdminUserRef, RoleChangeRef, toRoleChangeDto } from '../http/messaging-schemas.ts';
import { operation } from '../http/openapi.ts';
import { AdminActionRef, toAdminActionDto, toSuspensionDto } from '../http/schemas/suspension.ts';
import { errors, RoleSchema, toUserDto } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

export const adminNeeds = needs([
  'adminChangeRole',
  'getPlatformStats',
  'listRoleChanges',
  'listUsers',
  'listAdminActions',
]);

/** The admin page's calls (accounts-and-shell section 7). Anyone but an admin gets 403 ADMIN_ONLY. */
export const adminRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof adminNeeds>> = async (
  app,
  { useCases },
) => {
  const AdminPaging = {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_ADMIN_PAGE,
        description: `Page size, 1..${MAX_ADMIN_PAGE}; default ${DEFAULT_ADMIN_PAGE}`,
      }),
    ),
    offset: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'How many to skip; default 0' }),
    ),
  };
  const TotalHeader = {
    'X-Total-Count': { type: 'integer', description: 'How many match in all (the pages together)' },
  };
  /** The page's `limit` and `offset` as given (left out when not: the use case's defaults apply). */
  const paging = ({ limit, offset }: { limit?: number; offset?: number }) => ({
    ...(limit === undefined ? {} : { limit }),
    ...(offset === undefined ? {} : { offset }),
  });
  /** One page: its items as the body, and X-Total-Count how many there are in all. */
  const totalled = <T, D>(
    reply: FastifyReply,
    page: { items: T[]; total: number },
    toDto: (item: T) => D,
  ) => {
    reply.header('X-Total-Count', String(page.total));
    return page.items.map(toDto);
  };

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        ...operation({
          id: 'listUsers',
          summary: 'A page of users, oldest first, by role and text (admins only)',
          description:
            "The admin page's user table. `role` filters by role (empty or `all`: everyone); `q` keeps the users " +
            'whose email, first or last name contains every word typed (any case). `limit` and `offset` page ' +
            `through them (${DEFAULT_ADMIN_PAGE} by default); X-Total-Count tells how many match in all. ` +
            'Deleted accounts are neither listed nor counted. Each user carries `suspension`: the suspension that ' +
            'keeps them out now, or null (decision 0223). ' +
            'Anyone but an admin gets 403 ADMIN_ONLY.',
          access: { roles: ['admin'] },
          errors: { 403: ['ADMIN_ONLY'] },
          responses: { 200: 'The page of users, oldest first' },
        }),
        querystring: Type.Object({
          role: Type.Optional(
            Type.Union([RoleSchema, Type.Literal(''), Type.Literal('all')], {
              description: "Only users with this role; '' or 'all' is everyone",
            }),
          ),
          q: Type.Optional(
            Type.String({ maxLength: 200, description: 'Words found in the email, first or last name' }),
          ),
          ...AdminPaging,
        }),
        response: { 200: Type.Array(AdminUserRef, { headers: TotalHeader }), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { role, q } = request.query;
      const filter = { role: role && role !== 'all' ? role : undefined, q, ...paging(request.query) };
      const page = await useCases.listUsers.execute(request.user, filter);
      return totalled(reply, page, (user) => {
        const suspension = page.suspensions.get(user.id);
        return { ...toUserDto(user), suspension: suspension ? toSuspensionDto(suspension) : null };
      });
    },
  );

  app.get(
    '/api/admin/role-changes',
    {
      schema: {
        tags: ['admin'],
        ...operation({
          id: 'listRoleChanges',
          summary: 'The audit log of role changes, newest first (admins only)',
          description:
            'Who changed whose role, from what, to what and when. `admin` is null for a promotion by the ' +
            'admin:promote command or once that admin’s account is gone. `limit` and `offset` page through it; ' +
            'X-Total-Count tells how many entries exist. Anyone but an admin gets 403 ADMIN_ONLY.',
          access: { roles: ['admin'] },
          errors: { 403: ['ADMIN_ONLY'] },
          responses: { 200: 'The entries, newest first' },
        }),
        querystring: Type.Object(AdminPaging),
        response: { 200: Type.Array(RoleChangeRef, { headers: TotalHeader }), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      totalled(
        reply,
        await useCases.listRoleChanges.execute(request.user, paging(request.query)),
        toRoleChangeDto,
      ),
  );

  app.get(
    '/api/admin/actions',
    {
      schema: {
        tags: ['admin'],
        ...operation({
          id: 'listAdminActions',
          summary: 'The audit log of admin actions on users, newest first (admins only)',
          description:
            'Beside role changes: who suspended or lifted the suspension of whom, when, why, until when, and the ' +
            'report it closed when it came from the moderation queue (decisions 0223 and 0224). `admin` is null ' +
            'once that admin’s account is gone. `limit` and `offset` page through it; X-Total-Count tells how many ' +
            'entries exist. Anyone but an admin gets 403 ADMIN_ONLY.',
          access: { roles: ['admin'] },
          errors: { 403: ['ADMIN_ONLY'] },
          responses: { 200: 'The entries, newest first' },
        }),
        querystring: Type.Object(AdminPaging),
        response: { 200: Type.Array(AdminActionRef, { headers: TotalHeader }), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      totalled(
        reply,
        await useCases.listAdminActions.execute(request.user, paging(request.query)),
        toAdminActionDto,
      ),
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
          access: { roles: ['admin'] },
          errors: { 403: ['ADMIN_ONLY'] },
          responses: { 200: 'The counts' },
        }),
        response: { 200: AdminStatsRef, ...errors(401, 403) },
      },
    },
    async (request) => useCases.getPlatformStats.execute(request.user),
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
          access: { roles: ['admin'] },
          errors: { 403: ['ADMIN_ONLY'], 404: ['USER_NOT_FOUND'], 409: ['LAST_ADMIN'] },
          responses: { 200: 'The user, with the new role' },
        }),
        params: Type.Object({ id: Type.String({ format: 'uuid', description: 'The user id' }) }),
        body: Type.Object({ role: RoleSchema }, { examples: [{ role: 'contractor' }] }),
        response: { 200: AdminUserRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async ({ user, params, body }) =>
      toUserDto(await useCases.adminChangeRole.execute(user, params.id, body.role)),
  );
};
