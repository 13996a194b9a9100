import type { FastifyPluginAsync } from 'fastify';
import type { InProcessSocketHub } from '#adapters/realtime/in-process-socket-hub.ts';
import { PermissionError } from '#domain/shared/errors.ts';
import type { Config } from '../config.ts';
import { sessionId } from '../http/auth.ts';
import { isSiteOrigin } from '../http/security.ts';
import type { RemotesFile } from '../remotes.ts';

/** Close code for a socket without a valid session (HTTP 401's counterpart). */
const WS_UNAUTHORIZED = 4401;

/**
 * The real-time socket at /ws. Identity comes from the session cookie at upgrade; the spec's client
 * also sends {type:'auth', userId} on open, which is accepted but never trusted. A browser always sends
 * Origin on an upgrade: one from another site is refused with 403 before the upgrade (cross-site
 * WebSocket hijacking), and a session holds at most WS_MAX_PER_SESSION sockets.
 */
export const realtimeRoutes: FastifyPluginAsync<{
  hub: () => InProcessSocketHub;
  config: Config;
  remotes: RemotesFile;
}> = async (app, options) => {
  app.get(
    '/ws',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin === undefined || isSiteOrigin(options.config, options.remotes, request, origin)) return;
        throw new PermissionError(
          'ORIGIN_FORBIDDEN',
          `The socket must be opened from this site (got Origin ${origin})`,
        );
      },
    },
    async (socket, request) => {
      const user = await request.currentUser();
      const sid = sessionId(request);
      if (!user || !sid) {
        socket.close(WS_UNAUTHORIZED, 'Not signed in');
        return;
      }
      options.hub().add(socket, user.id, sid, options.config.socketsPerSession);
      socket.on('message', (raw: Buffer) => {
        let message: { type?: unknown; userId?: unknown };
        try {
          message = JSON.parse(raw.toString());
        } catch {
          request.log.debug('ignored a socket message that is not JSON');
          return;
        }
        if (message.type === 'auth' && message.userId !== user.id) {
          request.log.warn(
            { claimed: message.userId, userId: user.id },
            'socket auth message names another user',
          );
        }
      });
      socket.send(JSON.stringify({ type: 'connected', data: { userId: user.id } }));
    },
  );
};
