import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { NotFoundError } from '#domain/shared/errors.ts';
import { operation } from '../http/openapi.ts';
import { ErrorRef } from '../http/schemas.ts';
import { UPLOAD_CSP } from '../http/security.ts';
import { needs, type UsesOf } from '../http/services.ts';

/** The types a stored file can have (adapters/storage/file-type.ts recognises these from the content). */
const STORED_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];

/** Shown in the browser; everything else (pdf, doc, docx) is downloaded (attachment). */
const INLINE_TYPES = /^image\/(jpeg|png|gif|webp)$/;

/**
 * Every answer with a stored file's bytes (the file or its thumbnail): a signed-in user's own copy
 * (`private`), typed as stored and never sniffed, and sandboxed: whatever a file holds, it runs nothing
 * and reaches nothing, even when opened directly (decision 0201: thumbnails too).
 */
function fileHeaders(reply: FastifyReply, mimeType: string, maxAgeSeconds: number): FastifyReply {
  return reply
    .header('content-type', mimeType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', UPLOAD_CSP)
    .header('cache-control', `private, max-age=${maxAgeSeconds}`);
}

/** `attachment; filename="..."; filename*=UTF-8''...` with an ASCII fallback (RFC 6266 / 5987). */
function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export const uploadNeeds = needs([], ['uploads']);

export const uploadRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof uploadNeeds>> = async (app, { http }) => {
  app.get(
    '/uploads/:name',
    {
      schema: {
        tags: ['uploads'],
        ...operation({
          id: 'getUpload',
          summary: "A project's file",
          access: 'session',
          scope: 'projects:read',
          errors: { 404: ['FILE_NOT_FOUND'] },
          responses: { 404: 'No such file: FILE_NOT_FOUND' },
          description:
            'For signed-in users only, like the project pages that show the files (decision 0201): ' +
            'without a session 401 UNAUTHENTICATED, whatever the name. ' +
            'Only names the storage issued (`{uuid}.{jpg|png|gif|webp|pdf|doc|docx}`) of files that exist; ' +
            'anything else is 404. Images are shown inline; PDF, DOC and DOCX are downloaded (attachment) ' +
            'under their original name; always with X-Content-Type-Options: nosniff, a sandboxing ' +
            'Content-Security-Policy and `Cache-Control: private`. A page on the site loads them with the ' +
            'session cookie it already sends (same origin).',
        }),
        params: Type.Object({ name: Type.String({ maxLength: 100, description: 'The stored file name' }) }),
        response: {
          200: Type.Unsafe<unknown>({
            description: 'The file, with the type recognised from its content when it was uploaded',
            content: Object.fromEntries(
              STORED_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
            ),
          }),
          401: ErrorRef,
          404: ErrorRef,
        },
      },
    },
    async (request, reply) => {
      const opened = await http.uploads.open(request.params.name);
      if (!opened) throw new NotFoundError('FILE_NOT_FOUND', 'File not found');
      const { file, stream } = opened;
      const inline = INLINE_TYPES.test(file.mimeType);
      fileHeaders(reply, file.mimeType, 3600).header(
        'content-disposition',
        contentDisposition(inline ? 'inline' : 'attachment', file.originalName),
      );
      if (file.size > 0) reply.header('content-length', String(file.size));
      return reply.send(stream);
    },
  );

  app.get(
    '/uploads/:name/thumbnail',
    {
      schema: {
        tags: ['uploads'],
        ...operation({
          id: 'getUploadThumbnail',
          summary: "A small image of a project's picture, for cards",
          access: 'session',
          scope: 'projects:read',
          errors: { 404: ['THUMBNAIL_NOT_FOUND'] },
          responses: { 404: 'No thumbnail can be made: THUMBNAIL_NOT_FOUND' },
          description:
            'A WebP at most 480 × 360 px derived from a stored image (made on the first request and kept). ' +
            '404 for documents, unknown names, and images that cannot be read; the page then shows a grey ' +
            'placeholder. Like /uploads/{name}: signed-in users only (401 UNAUTHENTICATED without a ' +
            'session), with nosniff, the same sandboxing Content-Security-Policy and `Cache-Control: private`.',
        }),
        params: Type.Object({
          name: Type.String({ maxLength: 100, description: 'The stored name of an image' }),
        }),
        response: {
          200: Type.Unsafe<unknown>({
            description: 'The thumbnail',
            content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
          }),
          401: ErrorRef,
          404: ErrorRef,
        },
      },
    },
    async (request, reply) => {
      const opened = await http.uploads.thumbnail(request.params.name);
      if (!opened) throw new NotFoundError('THUMBNAIL_NOT_FOUND', 'Thumbnail not found');
      fileHeaders(reply, 'image/webp', 86400)
        .header('content-disposition', contentDisposition('inline', opened.file.originalName))
        .header('content-length', String(opened.file.size));
      return reply.send(opened.stream);
    },
  );
};
