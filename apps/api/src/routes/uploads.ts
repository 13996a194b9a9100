import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorRef } from '../http/schemas.ts';
import type { AppServices } from '../http/services.ts';
import { HTTP_TOKENS } from '../http/tokens.ts';

/** Shown in the browser; everything else (doc, docx) is downloaded. */
const INLINE_TYPES = /^(image\/(jpeg|png|gif|webp)|application\/pdf)$/;

/** `attachment; filename="..."; filename*=UTF-8''...` with an ASCII fallback (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export const uploadRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/uploads/:name',
    {
      schema: {
        tags: ['uploads'],
        summary: "A project's file",
        description:
          'Only names the storage issued (`{uuid}.{jpg|png|gif|webp|pdf|doc|docx}`) of files that exist; ' +
          'anything else is 404. Images and PDFs are shown inline, DOC and DOCX downloaded under their ' +
          'original name; always with X-Content-Type-Options: nosniff. The names are unguessable, so the ' +
          'link itself is the permission (like the project page that lists it).',
        params: Type.Object({ name: Type.String({ maxLength: 100 }) }),
        response: {
          200: Type.Unsafe<unknown>({
            description: 'The file',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          }),
          404: ErrorRef,
        },
      },
    },
    async (request, reply) => {
      const opened = await services.get(HTTP_TOKENS.Uploads).open(request.params.name);
      if (!opened) {
        return reply.status(404).send({ message: 'File not found', code: 'FILE_NOT_FOUND' });
      }
      const { file, stream } = opened;
      const inline = INLINE_TYPES.test(file.mimeType);
      reply
        .header('content-type', file.mimeType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header(
          'content-disposition',
          contentDisposition(inline ? 'inline' : 'attachment', file.originalName),
        );
      if (file.size > 0) reply.header('content-length', String(file.size));
      return reply.send(stream);
    },
  );
};
