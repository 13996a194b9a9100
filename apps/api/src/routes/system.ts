import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../config.ts';
import { operation, publicRateLimit } from '../http/openapi.ts';
import { ErrorRef } from '../http/schemas.ts';
import type { AppServices } from '../http/services.ts';
import { currentRemotes, etagOf } from '../remotes.ts';

export const systemRoutes: FastifyPluginAsyncTypebox<{ config: Config; services: AppServices }> = async (
  app,
  { config, services },
) => {
  app.get(
    '/healthz',
    {
      config: publicRateLimit(config),
      schema: {
        tags: ['system'],
        ...operation({
          id: 'getHealth',
          database: false,
          summary: 'The process is up',
          description: 'Liveness: answers as long as the process runs, without touching the database.',
          access: 'public',
          responses: { 200: 'The process is up' },
        }),
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: publicRateLimit(config),
      schema: {
        tags: ['system'],
        ...operation({
          id: 'getReadiness',
          database: false,
          summary: 'The database answers',
          description:
            'Readiness: 200 when the database answers a query, 503 NOT_READY otherwise (take the process out ' +
            'of the load balancer until it recovers).',
          access: 'public',
          errors: { 503: ['NOT_READY'] },
          responses: { 200: 'Ready to serve', 503: 'The database is not reachable: NOT_READY' },
        }),
        response: { 200: Type.Object({ status: Type.Literal('ready') }), 503: ErrorRef },
      },
    },
    async (request, reply) => {
      try {
        await services.checkDatabase();
        return { status: 'ready' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return reply.status(503).send({ message: 'The database is not reachable', code: 'NOT_READY' });
      }
    },
  );

  app.get(
    '/remotes.json',
    {
      config: publicRateLimit(config),
      schema: {
        tags: ['system'],
        ...operation({
          id: 'getRemotes',
          database: false,
          summary: 'Where the shell loads each micro-frontend from',
          access: 'public',
          responses: {
            200: 'Remote name → manifest URL',
            304: 'Unchanged since the ETag sent in If-None-Match',
          },
          description:
            'A map from remote name to the URL of its Module Federation manifest. Set REMOTE_<NAME>_URL to ' +
            'point the shell at a separately deployed build without rebuilding the shell, or write the map into ' +
            'REMOTES_FILE, which is read again on every request (no restart). Revalidate with If-None-Match.',
        }),
        response: {
          200: Type.Record(Type.String(), Type.String()),
          304: Type.Null({ description: 'Unchanged since the ETag sent in If-None-Match' }),
        },
      },
    },
    async (request, reply) => {
      // Re-read on every request (REMOTES_FILE), revalidated by ETag: a release reaches the next page load.
      const remotes = currentRemotes(config, request.log);
      const etag = etagOf(JSON.stringify(remotes));
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return remotes;
    },
  );
};
