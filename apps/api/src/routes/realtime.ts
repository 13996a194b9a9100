import type { FastifyPluginAsync } from 'fastify';
import type { InProcessSocketHub } from '../../../../adapters/realtime/in-process-socket-hub.ts';
import { sessionId } from '../http/auth.ts';

/** Close code for a socket without a valid session (HTTP 401's counterpart). */
export const WS_UNAUTHORIZED = 4401;

/**
 * The real-time socket at /ws. Identity comes from the session cookie at upgrade; the spec's client
 * also sends {type:'auth', userId} on open, which is accepted but never trusted.
 */
export const realtimeRoutes: FastifyPluginAsync<{ hub: () => InProcessSocketHub }> = async (app, options) => {
  app.get('/ws', { websocket: true, schema: { hide: true } }, async (socket, request) => {
    const user = await request.currentUser();
    const sid = sessionId(request);
    if (!user || !sid) {
      socket.close(WS_UNAUTHORIZED, 'Not signed in');
      return;
    }
    options.hub().add(socket, user.id, sid);
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
  });
};
