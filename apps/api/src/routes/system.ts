import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../config.ts';
import { ErrorRef } from '../http/schemas.ts';
import type { AppServices } from '../http/services.ts';

export const systemRoutes: FastifyPluginAsyncTypebox<{ config: Config; services: AppServices }> = async (
  app,
  { config, services },
) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'The process is up',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'The database answers',
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
      schema: {
        tags: ['system'],
        summary: 'Where the shell loads each micro-frontend from',
        description:
          'A map from remote name to the URL of its Module Federation manifest. Set REMOTE_<NAME>_URL to ' +
          'point the shell at a separately deployed build without rebuilding the shell.',
        response: { 200: Type.Record(Type.String(), Type.String()) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return config.remotes;
    },
  );
};
