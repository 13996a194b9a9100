import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DEFAULT_NOTIFICATION_LIMIT, MAX_NOTIFICATION_LIMIT } from '#application/notifications/index.ts';
import { NotificationRef, toNotificationDto } from '../http/messaging-schemas.ts';
import { operation } from '../http/openapi.ts';
import { errors } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

const tags = ['notifications'];

export const notificationNeeds = needs([
  'countUnreadNotifications',
  'listNotifications',
  'markAllNotificationsRead',
  'markNotificationRead',
]);

/** The bell (accounts-and-shell sections 2 and 7): only ever the caller's own notifications. */
export const notificationRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof notificationNeeds>> = async (
  app,
  { useCases },
) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        ...operation({
          id: 'listNotifications',
          summary: 'Your notifications, newest first',
          description: 'The bell’s list: only your own notifications, read and unread, newest first.',
          access: 'session',
          scope: 'notifications:read',
          responses: { 200: 'Your notifications, newest first' },
        }),
        querystring: Type.Object({
          limit: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: MAX_NOTIFICATION_LIMIT,
              default: DEFAULT_NOTIFICATION_LIMIT,
              description: `At most this many (default ${DEFAULT_NOTIFICATION_LIMIT}, max ${MAX_NOTIFICATION_LIMIT})`,
            }),
          ),
        }),
        response: { 200: Type.Array(NotificationRef), ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = request.user;
      const list = await useCases.listNotifications.execute(user.id, request.query.limit);
      return list.map(toNotificationDto);
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags,
        ...operation({
          id: 'countUnreadNotifications',
          summary: 'How many of your notifications are unread',
          description: 'The number on the bell.',
          access: 'session',
          scope: 'notifications:read',
          responses: { 200: 'The unread count' },
        }),
        response: { 200: Type.Object({ count: Type.Integer({ minimum: 0 }) }), ...errors(401) },
      },
    },
    async (request) => ({ count: await useCases.countUnreadNotifications.execute(request.user.id) }),
  );

  app.patch(
    '/api/notifications/mark-all-read',
    {
      schema: {
        tags,
        ...operation({
          id: 'markAllNotificationsRead',
          summary: 'Mark all your notifications read',
          description: 'No body. Answers how many were unread before.',
          access: 'session',
          scope: 'notifications:read',
          responses: { 200: 'How many were unread' },
        }),
        response: {
          200: Type.Object({ count: Type.Integer({ minimum: 0, description: 'How many were unread' }) }),
          ...errors(401),
        },
      },
    },
    async (request) => ({ count: await useCases.markAllNotificationsRead.execute(request.user.id) }),
  );

  app.patch(
    '/api/notifications/:id/read',
    {
      schema: {
        tags,
        ...operation({
          id: 'markNotificationRead',
          summary: 'Mark one of your notifications read',
          description:
            'Someone else’s notification answers 404, exactly like one that does not exist. No body.',
          access: 'session',
          scope: 'notifications:read',
          errors: { 404: ['NOTIFICATION_NOT_FOUND'] },
          responses: { 200: 'The notification, now read' },
        }),
        params: Type.Object({ id: Type.String({ format: 'uuid', description: 'The notification id' }) }),
        response: { 200: NotificationRef, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      toNotificationDto(await useCases.markNotificationRead.execute(request.user.id, request.params.id)),
  );
};
