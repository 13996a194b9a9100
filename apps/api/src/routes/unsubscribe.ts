import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { DomainError } from '#domain/shared/errors.ts';
import { operation } from '../http/openapi.ts';
import { needs, type UsesOf } from '../http/services.ts';

const Query = Type.Object({
  token: Type.String({ maxLength: 500, description: 'The signed token from the mail' }),
});
const Html = (description: string) => ({ description, content: { 'text/html': { schema: Type.String() } } });

function page(reply: FastifyReply, status: number, title: string, text: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family: sans-serif; max-width: 32rem; margin: 4rem auto"><h1>${title}</h1><p>${text}</p><p><a href="/">BuildBid</a></p></body></html>`;
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

export const unsubscribeNeeds = needs(['unsubscribe']);

/**
 * The unsubscribe link of every mail: turns emailNotifications off without signing in. The token is
 * signed (HMAC), so it can only come from a mail sent to that user. POST is the RFC 8058 one-click
 * variant mail clients call from the List-Unsubscribe-Post header.
 */
export const unsubscribeRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof unsubscribeNeeds>> = async (
  app,
  { useCases },
) => {
  // One-click unsubscribe posts `List-Unsubscribe=One-Click` as a form; the token is in the URL.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  const handle = async (token: string, reply: FastifyReply) => {
    try {
      await useCases.unsubscribe.execute(token);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'invalid') {
        return page(
          reply,
          400,
          'Link not valid',
          'This unsubscribe link is not valid. You can turn email notifications off on your profile page.',
        );
      }
      throw error;
    }
    return page(
      reply,
      200,
      'Unsubscribed',
      'You will no longer receive email notifications from BuildBid. You can turn them back on on your profile page.',
    );
  };
  const schema = {
    tags: ['notifications'],
    querystring: Query,
    response: { 200: Html('Unsubscribed (an HTML page)'), 400: Html('The token is malformed or forged') },
  };

  app.get(
    '/api/unsubscribe',
    {
      schema: {
        ...schema,
        ...operation({
          id: 'unsubscribe',
          summary: 'Turn email notifications off from a mail’s link (no sign-in)',
          description: 'Answers a small HTML page. Idempotent.',
          access: 'public',
        }),
      },
    },
    (request, reply) => handle(request.query.token, reply),
  );
  app.post(
    '/api/unsubscribe',
    {
      schema: {
        ...schema,
        ...operation({
          id: 'unsubscribeOneClick',
          summary: 'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post)',
          description: 'The same as the GET; mail clients post `List-Unsubscribe=One-Click` to the link.',
          access: 'public',
        }),
      },
    },
    (request, reply) => handle(request.query.token, reply),
  );
};
