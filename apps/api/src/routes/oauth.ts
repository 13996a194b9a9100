import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import {
  type ConsentRequest,
  denyConsent,
  finishConsent,
  interactionDetails,
} from '#adapters/oauth/interactions.ts';
import { CONSENT_PATH, METADATA_PATHS, OAUTH_PREFIX } from '#adapters/oauth/provider.ts';
import type { User } from '#domain/user/user.ts';
import { spendTokenBudget, TOKEN_ENDPOINT } from '../http/oauth-token-budget.ts';
import { operation } from '../http/openapi.ts';
import {
  ConnectedAppRef,
  ConsentDetailsRef,
  ConsentOutcomeRef,
  OAuthAppRef,
  RegisteredOAuthAppRef,
  toConnectedAppDto,
  toOAuthAppDto,
} from '../http/schemas/oauth.ts';
import { errors } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

export const oauthNeeds = needs(
  [
    'oauthServer',
    'registerOAuthApp',
    'listMyOAuthApps',
    'deleteOAuthApp',
    'listConnectedApps',
    'disconnectApp',
  ],
  ['oauthTokenRateLimits', 'clock'],
);

/** The consent page's calls carry answers that must never be cached (a redirect with a one-time code follows). */
const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
};

const Uid = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 100, pattern: '^[\\w-]+$' }) });

/** A GET of the caller's own items. */
interface OwnList {
  url: string;
  id: string;
  summary: string;
  description: string;
  answer: string;
  item: TSchema;
  list(user: User): Promise<unknown[]>;
}

/** A DELETE of one of the caller's own, by the path parameter `param`. */
interface Removal {
  url: string;
  id: string;
  param: string;
  summary: string;
  description: string;
  code: 'APP_NOT_FOUND' | 'CONNECTION_NOT_FOUND';
  answer: string;
  remove(user: User, id: string): Promise<void>;
}

/**
 * OAuth apps (docs/decisions/0213-oauth-apps-with-oidc-provider.md): the authorization server itself,
 * the consent page's calls, the apps a developer registers and the apps a user connected. Only a session
 * does any of it: no token may consent, register or disconnect (403 TOKEN_NOT_ALLOWED).
 */
export const oauthRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof oauthNeeds>> = async (
  app,
  { useCases, http },
) => {
  const { oauthServer } = useCases;
  // The provider gets the raw request before Fastify reads its body (it parses its own form bodies);
  // the app-wide onRequest hooks (security headers, the origin check) have run by then. A token request
  // first counts against its app's budget (http/oauth-token-budget.ts), which reads the body and hands
  // the provider a copy that replays it.
  const toProvider = async (request: FastifyRequest, reply: FastifyReply) => {
    let raw = request.raw;
    if (request.method === 'POST' && request.url.split('?')[0] === TOKEN_ENDPOINT) {
      const counted = await spendTokenBudget(request, reply, http.oauthTokenRateLimits, http.clock);
      if (counted === null) return reply;
      raw = counted;
    }
    reply.hijack();
    oauthServer.handle(raw, reply.raw);
  };
  const hidden = { hide: true };
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: `${OAUTH_PREFIX}/*`,
    schema: hidden,
    onRequest: toProvider,
    handler: async () => {},
  });
  for (const url of METADATA_PATHS) app.get(url, { schema: hidden, onRequest: toProvider }, async () => {});
  // The consent page is the shell's (a client route, like every page path): the not-found handler serves it.
  app.get(`${CONSENT_PATH}/:uid`, { schema: hidden }, (_request, reply) => reply.callNotFound());

  // The consent page's calls live under the page's own path: the interaction cookie is scoped to it.
  const consent = (
    request: Pick<FastifyRequest, 'raw'> & { params: { uid: string } },
    reply: Pick<FastifyReply, 'raw'>,
  ): ConsentRequest => ({ req: request.raw, res: reply.raw, uid: request.params.uid });
  const consentErrors = { 404: ['INTERACTION_NOT_FOUND'] } as const;

  app.get(
    `${CONSENT_PATH}/:uid/details`,
    {
      onRequest: noStore,
      schema: {
        tags: ['developers'],
        ...operation({
          id: 'getOAuthConsent',
          summary: 'What an app asks for (the consent page)',
          description:
            "The app (name, homepage, logo), the scopes it asks for in words and where the browser goes back to. The interaction is found by its cookie, set by `/oauth/auth`; the path's uid must match it.",
          access: 'session',
          errors: consentErrors,
          responses: { 200: 'The authorization request' },
        }),
        params: Uid,
        response: { 200: ConsentDetailsRef, ...errors(400, 401, 403, 404) },
      },
    },
    (request, reply) => interactionDetails(oauthServer, consent(request, reply), request.user.id),
  );

  app.post(
    `${CONSENT_PATH}/:uid/allow`,
    {
      onRequest: noStore,
      schema: {
        tags: ['developers'],
        ...operation({
          id: 'allowOAuthConsent',
          summary: 'Allow an app some of what it asked for',
          description:
            'The signed-in user allows `scopes`, a part of what the app asked for (at least one of the API scopes). ' +
            'The user keeps one connection per app: scopes left out are withdrawn from it. The page sends the browser to `redirectTo`, which ends at the app.',
          access: 'session',
          errors: { 400: ['CONSENT_SCOPES_REQUIRED', 'CONSENT_SCOPE_NOT_REQUESTED'], ...consentErrors },
          responses: { 200: 'Where the browser goes next' },
        }),
        params: Uid,
        body: Type.Object(
          { scopes: Type.Array(Type.String({ maxLength: 50 }), { maxItems: 20 }) },
          { examples: [{ scopes: ['projects:read', 'offline_access'] }] },
        ),
        response: { 200: ConsentOutcomeRef, ...errors(400, 401, 403, 404) },
      },
    },
    (request, reply) =>
      finishConsent(oauthServer, consent(request, reply), request.user.id, request.body.scopes),
  );

  app.post(
    `${CONSENT_PATH}/:uid/deny`,
    {
      onRequest: noStore,
      schema: {
        tags: ['developers'],
        ...operation({
          id: 'denyOAuthConsent',
          summary: 'Refuse an app',
          description: 'The app is told `access_denied` at its redirect URI, where `redirectTo` leads.',
          access: 'session',
          errors: consentErrors,
          responses: { 200: 'Where the browser goes next' },
        }),
        params: Uid,
        response: { 200: ConsentOutcomeRef, ...errors(400, 401, 403, 404) },
      },
    },
    (request, reply) => denyConsent(oauthServer, consent(request, reply)),
  );

  // The developer's apps and the user's connections: each a list of one's own and a removal by id.
  /** GET: the caller's own items (apps registered, apps connected). */
  function ownList({ url, id, summary, description, answer, item, list }: OwnList) {
    app.get(
      url,
      {
        schema: {
          tags: ['developers'],
          ...operation({ id, summary, description, access: 'session', responses: { 200: answer } }),
          response: { 200: Type.Array(item), ...errors(401, 403) },
        },
      },
      (request) => list(request.user),
    );
  }

  /** DELETE by id: 204, or 404 with `code` when the caller has none such. */
  function removal({ url, id, param, summary, description, code, answer, remove }: Removal) {
    app.delete(
      url,
      {
        schema: {
          tags: ['developers'],
          ...operation({
            id,
            summary,
            description,
            access: 'session',
            errors: { 404: [code] },
            responses: { 204: answer },
          }),
          params: Type.Object({ [param]: Type.String({ format: 'uuid' }) }),
          response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await remove(request.user, (request.params as Record<string, string>)[param] as string);
        return reply.status(204).send(null);
      },
    );
  }

  ownList({
    url: '/api/oauth-apps',
    id: 'listOAuthApps',
    summary: 'The OAuth apps you registered, newest first',
    description: 'Never their secrets.',
    answer: 'Your apps',
    item: OAuthAppRef,
    list: async (user: User) => (await useCases.listMyOAuthApps.execute(user)).map(toOAuthAppDto),
  });

  app.post(
    '/api/oauth-apps',
    {
      schema: {
        tags: ['developers'],
        ...operation({
          id: 'registerOAuthApp',
          summary: 'Register an OAuth app',
          description:
            'The app id is its `client_id`. A confidential app (the default) gets a client secret (`bbcs_…`), in ' +
            'this answer only; a public app (single-page, command-line) has none and relies on PKCE. Redirect ' +
            'URIs are https (http://localhost outside production), matched exactly.',
          access: 'session',
          errors: {
            400: [
              'APP_NAME_REQUIRED',
              'APP_NAME_TOO_LONG',
              'APP_URL_INVALID',
              'REDIRECT_URIS_REQUIRED',
              'TOO_MANY_REDIRECT_URIS',
              'REDIRECT_URI_INVALID',
            ],
          },
          responses: { 201: 'The app, with its client_id and its secret this once' },
        }),
        body: Type.Object(
          {
            name: Type.String({ maxLength: 200 }),
            homepageUrl: Type.String({ maxLength: 2000 }),
            logoUrl: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
            redirectUris: Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 20 }),
            clientType: Type.Optional(Type.Union([Type.Literal('confidential'), Type.Literal('public')])),
          },
          {
            examples: [
              {
                name: 'Site Diary',
                homepageUrl: 'https://sitediary.example',
                redirectUris: ['https://sitediary.example/oauth/callback'],
              },
            ],
          },
        ),
        response: { 201: RegisteredOAuthAppRef, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const registered = await useCases.registerOAuthApp.execute(request.user, request.body);
      return reply.status(201).send({
        client_id: registered.clientId,
        client_secret: registered.clientSecret,
        app: toOAuthAppDto(registered.app),
      });
    },
  );

  removal({
    url: '/api/oauth-apps/:id',
    id: 'deleteOAuthApp',
    param: 'id',
    summary: 'Delete an OAuth app you registered',
    description: "Every user's connection to it goes with it: its codes and tokens answer as unknown ones.",
    code: 'APP_NOT_FOUND',
    answer: 'Deleted',
    remove: (user: User, appId: string) => useCases.deleteOAuthApp.execute(user, appId),
  });
  ownList({
    url: '/api/connected-apps',
    id: 'listConnectedApps',
    summary: 'The apps you connected to your account',
    description:
      'Each app once, with what it may do in words and when you first allowed it, most recent first.',
    answer: 'Your connected apps',
    item: ConnectedAppRef,
    list: async (user: User) => (await useCases.listConnectedApps.execute(user)).map(toConnectedAppDto),
  });
  removal({
    url: '/api/connected-apps/:clientId',
    id: 'disconnectApp',
    param: 'clientId',
    summary: 'Disconnect an app',
    description:
      'At once, every token the app holds for you answers 401 INVALID_TOKEN; it must ask you again.',
    code: 'CONNECTION_NOT_FOUND',
    answer: 'Disconnected',
    remove: (user: User, clientId: string) => useCases.disconnectApp.execute(user, clientId),
  });
};
