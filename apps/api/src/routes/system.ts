import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../config.ts';
import { HttpError } from '../http/error-handler.ts';
import { operation, publicRateLimit } from '../http/openapi.ts';
import { ErrorRef } from '../http/schemas.ts';
import { etagOf, type RemotesFile } from '../remotes.ts';

export const systemRoutes: FastifyPluginAsyncTypebox<{
  config: Config;
  /** Throws when the database cannot answer (the readiness probe). */
  checkDatabase: () => Promise<void>;
  remotes: RemotesFile;
}> = async (app, { config, checkDatabase, remotes }) => {
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
    async () => {
      try {
        await checkDatabase();
      } catch (error) {
        throw new HttpError(503, 'NOT_READY', 'The database is not reachable', { cause: error });
      }
      return { status: 'ready' as const };
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
      const current = remotes.current(request.log);
      const etag = etagOf(JSON.stringify(current));
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return current;
    },
  );
};
