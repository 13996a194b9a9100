import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { AjvCompiler } from '@fastify/ajv-compiler';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import secureSession from '@fastify/secure-session';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { SESSION_TTL_MS } from '#application/accounts/index.ts';
import { TOKEN_PREFIX } from '#domain/access/access-token.ts';
import { SCOPES } from '#domain/access/scopes.ts';
import type { Config } from './config.ts';
import { registerAccess } from './http/access.ts';
import { SESSION_COOKIE, sessionId } from './http/auth.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { MESSAGING_SCHEMAS } from './http/messaging-schemas.ts';
import { documentRoute, finishDocument } from './http/openapi.ts';
import { MULTIPART_LIMITS } from './http/project-form.ts';
import { ACCESS_TOKEN_SCHEMAS } from './http/schemas/access-token.ts';
import { BLOCK_SCHEMAS } from './http/schemas/block.ts';
import { MARKETPLACE_SCHEMAS } from './http/schemas/index.ts';
import { OAUTH_SCHEMAS } from './http/schemas/oauth.ts';
import { REPORT_SCHEMAS } from './http/schemas/report.ts';
import { SUSPENSION_SCHEMAS } from './http/schemas/suspension.ts';
import { WEBHOOK_SCHEMAS, webhookEventsDocument } from './http/schemas/webhook.ts';
import { SHARED_SCHEMAS } from './http/schemas.ts';
import { registerSecurity } from './http/security.ts';
import { type AppServices, pick } from './http/services.ts';
import { RemotesFile } from './remotes.ts';
import { accessTokenNeeds, accessTokenRoutes } from './routes/access-tokens.ts';
import { accountLifecycleNeeds, accountLifecycleRoutes } from './routes/account-lifecycle.ts';
import { adminNeeds, adminRoutes } from './routes/admin.ts';
import { authNeeds, authRoutes } from './routes/auth.ts';
import { bidNeeds, bidRoutes } from './routes/bids.ts';
import { blockNeeds, blockRoutes } from './routes/blocks.ts';
import { catalogNeeds, catalogRoutes } from './routes/catalog.ts';
import { engagementNeeds, engagementRoutes } from './routes/engagement.ts';
import { meNeeds, meRoutes } from './routes/me.ts';
import { messageNeeds, messageRoutes } from './routes/messages.ts';
import { notificationNeeds, notificationRoutes } from './routes/notifications.ts';
import { oauthNeeds, oauthRoutes } from './routes/oauth.ts';
import { profileNeeds, profileRoutes } from './routes/profile.ts';
import { projectNeeds, projectRoutes } from './routes/projects/index.ts';
import { questionNeeds, questionRoutes } from './routes/questions.ts';
import { realtimeRoutes } from './routes/realtime.ts';
import { reportNeeds, reportRoutes } from './routes/reports.ts';
import { savedSearchNeeds, savedSearchRoutes } from './routes/saved-searches.ts';
import { PAYMENT_SCHEMAS, subscriptionNeeds, subscriptionRoutes } from './routes/subscription.ts';
import { suspensionNeeds, suspensionRoutes } from './routes/suspensions.ts';
import { systemRoutes } from './routes/system.ts';
import { unsubscribeNeeds, unsubscribeRoutes } from './routes/unsubscribe.ts';
import { uploadNeeds, uploadRoutes } from './routes/uploads.ts';
import { userNeeds, userRoutes } from './routes/users.ts';
import { webhookNeeds, webhookRoutes } from './routes/webhooks.ts';

export type { AppServices } from './http/services.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The documented multipart/form-data body of a route that reads its parts itself (streaming files):
     * it goes into the OpenAPI document only, never into request validation.
     */
    multipartBody?: unknown;
  }
}

export type App = FastifyInstance;

/** The API's version: semantic, recorded in openapi/CHANGELOG.md (a breaking change is a new major). */
const API_VERSION = '1.7.0';

export async function buildApp(config: Config, services: AppServices): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Only the configured proxy hops may say who the client is (X-Forwarded-For feeds rate limits).
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Long path parameters reach their route, whose schema answers (a 10,000-character project id is
    // 400 VALIDATION_FAILED naming `id`, not an error of the router): the whole request head is bounded by
    // Node's 16 KB header limit anyway (431 below). No route has a regular-expression parameter.
    routerOptions: { maxParamLength: 16 * 1024 },
    // A URL Fastify cannot decode (broken percent-encoding) answers in the API's own error shape.
    frameworkErrors: (error, _request, reply) => {
      const raw = reply as unknown as FastifyReply;
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void raw
        .status(tooLong ? 414 : 400)
        .type('application/json')
        .send(
          tooLong
            ? { message: 'A part of this address is too long', code: 'URI_TOO_LONG' }
            : { message: 'The address is not a valid URL (broken percent-encoding)', code: 'BAD_REQUEST' },
        );
    },
    // What Node's HTTP parser refuses before Fastify sees a request, in the API's error shape too.
    clientErrorHandler: answerClientError,
    // Slow clients cannot hold sockets: headers, the whole request and idle connections time out.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.idleTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
    },
    // Ajv keeps `additionalProperties` strict on responses only; extra request fields are dropped.
    ajv: { customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true } },
    // Query strings, path parameters and headers arrive as text and are coerced to the schema's types;
    // a JSON body is not: `"amount": "100"` and `"amount": [100]` answer VALIDATION_FAILED (decision 0190).
    schemaController: { compilersFactory: { buildValidator: validatorsByPart() } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // One ORM context (identity map) per request.
  app.addHook('onRequest', (_request, _reply, done) => services.requestContext(done));
  // A successful write may change what cached reads show: drop them so the writer reads its own writes.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400)
      services.afterWrite();
    done();
  });

  registerErrorHandler(app);
  // REMOTES_FILE, re-read on the application's clock (a test moves it instead of sleeping).
  const remotes = new RemotesFile(config, { now: () => services.http.clock.now() });
  await registerSecurity(app, config, remotes, join(config.appsDir, 'shell', 'dist', 'index.html'));
  for (const schema of [
    ...SHARED_SCHEMAS,
    ...MARKETPLACE_SCHEMAS,
    ...MESSAGING_SCHEMAS,
    ...PAYMENT_SCHEMAS,
    ...ACCESS_TOKEN_SCHEMAS,
    ...OAUTH_SCHEMAS,
    ...WEBHOOK_SCHEMAS,
    ...SUSPENSION_SCHEMAS,
    ...BLOCK_SCHEMAS,
    ...REPORT_SCHEMAS,
  ])
    app.addSchema(schema);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'BuildBid API',
        version: API_VERSION,
        license: { name: 'Proprietary', identifier: 'LicenseRef-BuildBid-Proprietary' },
        description:
          'The API behind BuildBid, a marketplace for construction and renovation work. ' +
          'Errors are JSON `{ message, code, field? }`. Signed-in calls carry the `buildbid_session` cookie ' +
          'set by sign-in or registration, or, from a script or an integration, `Authorization: Bearer <token>` ' +
          'with a personal access token holding the scope the operation names; every answer to a token carries ' +
          '`RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`. docs/api-quickstart.md goes from ' +
          'nothing to working calls. The real-time socket at `/ws` is described in docs/realtime.md. ' +
          'Webhook endpoints receive the events under `webhooks`, each signed in its `BuildBid-Signature` header.',
      },
      servers: [{ url: config.publicUrl, description: 'This server (PUBLIC_URL)' }],
      tags: [
        { name: 'auth', description: 'Registration, sign-in and sessions' },
        { name: 'users', description: 'The signed-in user' },
        { name: 'system', description: 'Health and frontend discovery' },
        { name: 'projects', description: 'Posting, browsing, editing and running projects' },
        { name: 'bids', description: 'Bidding on projects and deciding on bids' },
        { name: 'saved searches', description: 'Saved browse searches and their alerts for new projects' },
        { name: 'catalog', description: 'The catalogues behind the forms and filters' },
        { name: 'uploads', description: "Projects' files" },
        { name: 'notifications', description: 'The notification bell, and unsubscribing from mail' },
        { name: 'messages', description: 'Conversations between two users' },
        { name: 'safety', description: 'Blocking people, and reporting content to the moderators' },
        { name: 'admin', description: 'The admin page (admins only)' },
        { name: 'subscription', description: 'The Pro plan: subscribing, billing, the Stripe webhook' },
        {
          name: 'developers',
          description: 'Personal access tokens and webhook endpoints for scripts and integrations',
        },
      ],
      // The events posted to webhook endpoints (decision 0212): each type's body and signature header.
      webhooks: webhookEventsDocument() as never,
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal access token (`bbpat_…`, made on the Developer page) as `Authorization: Bearer <token>`. ' +
              'An operation lists the scope it needs; without it: 403 INSUFFICIENT_SCOPE (decision 0211).',
          },
          // OAuth apps (decision 0213): the same scopes, granted by the user on BuildBid's consent page.
          oauth2: {
            type: 'oauth2',
            description:
              "An OAuth app's access token as `Authorization: Bearer <token>`: authorization code with PKCE " +
              '(S256), `offline_access` for a rotating refresh token. Metadata (RFC 8414): ' +
              '`/.well-known/oauth-authorization-server`.',
            flows: {
              authorizationCode: {
                authorizationUrl: `${config.publicUrl}/oauth/auth`,
                tokenUrl: `${config.publicUrl}/oauth/token`,
                refreshUrl: `${config.publicUrl}/oauth/token`,
                scopes: { ...SCOPES },
              },
            },
          },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // operation({...}) in each route, finished here: see http/openapi.ts and docs/api.md.
    transform: documentRoute as never,
    transformObject: finishDocument as never,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { displayOperationId: true, deepLinking: true },
  });

  await app.register(secureSession, {
    key: config.sessionKey,
    cookieName: SESSION_COOKIE,
    expiry: SESSION_TTL_MS / 1000,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.env === 'production',
      maxAge: SESSION_TTL_MS / 1000,
    },
  });

  // Each route's operation({ access, scope }) is checked here, before its handler, and every request's
  // caller is resolved here once: the session cookie, or a bearer token (http/access.ts, decision 0211).
  const { authenticate, authenticateBearer, authenticateOAuthToken } = services.useCases;
  const rateLimits = services.http.credentialRateLimits;
  registerAccess(app, (request) => authenticate.execute(sessionId(request)), {
    // A personal access token by its prefix; any other bearer token is an OAuth app's (decision 0213).
    authenticate: (secret, ip) =>
      secret.startsWith(TOKEN_PREFIX)
        ? authenticateBearer.execute(secret, ip)
        : authenticateOAuthToken.execute(secret),
    hit: (credentialId) => rateLimits.hit(credentialId, services.http.clock.now()),
  });

  await app.register(rateLimit, {
    global: false,
    // With REDIS_URL every instance counts in one place, so N instances do not allow N times the attempts.
    ...(services.redis
      ? { redis: services.redis, nameSpace: 'buildbid-rate-limit:', skipOnError: true }
      : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many attempts. Try again in ${context.after}.`,
    }),
  });

  // Project files are streamed part by part (request.parts()); see http/project-form.ts.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Each route plugin gets exactly the use cases and ports its `Needs` list names (decision 0202).
  await app.register(realtimeRoutes, { hub: () => services.http.sockets, config, remotes });
  await app.register(systemRoutes, { config, remotes, checkDatabase: () => services.checkDatabase() });
  await app.register(authRoutes, { config, ...pick(services, authNeeds) });
  await app.register(accountLifecycleRoutes, { config, ...pick(services, accountLifecycleNeeds) });
  await app.register(userRoutes, pick(services, userNeeds));
  await app.register(projectRoutes, pick(services, projectNeeds));
  await app.register(engagementRoutes, { config, ...pick(services, engagementNeeds) });
  await app.register(savedSearchRoutes, pick(services, savedSearchNeeds));
  await app.register(bidRoutes, pick(services, bidNeeds));
  await app.register(questionRoutes, pick(services, questionNeeds));
  await app.register(meRoutes, pick(services, meNeeds));
  await app.register(catalogRoutes, { config, ...pick(services, catalogNeeds) });
  await app.register(uploadRoutes, pick(services, uploadNeeds));
  await app.register(notificationRoutes, pick(services, notificationNeeds));
  await app.register(messageRoutes, { config, ...pick(services, messageNeeds) });
  await app.register(blockRoutes, pick(services, blockNeeds));
  await app.register(suspensionRoutes, pick(services, suspensionNeeds));
  await app.register(reportRoutes, pick(services, reportNeeds));
  await app.register(profileRoutes, { config, ...pick(services, profileNeeds) });
  await app.register(adminRoutes, pick(services, adminNeeds));
  await app.register(unsubscribeRoutes, pick(services, unsubscribeNeeds));
  await app.register(subscriptionRoutes, { config, ...pick(services, subscriptionNeeds) });
  await app.register(accessTokenRoutes, pick(services, accessTokenNeeds));
  await app.register(webhookRoutes, pick(services, webhookNeeds));
  await app.register(oauthRoutes, pick(services, oauthNeeds));

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerFrontends(app, config);
  return app;
}

/**
 * Node's parser refused the request (a head over 16 KB, say a 20,000-character URL; a timeout; garbage):
 * answer in the API's `{ message, code }` shape with the code naming the status, then close.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE', 'The address or the headers are longer than 16 KB']
        : [400, 'BAD_REQUEST', 'The request is not valid HTTP'];
  const body = JSON.stringify({ message, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

type ValidatorFactory = ReturnType<typeof AjvCompiler>;

/**
 * Fastify's validator compiler, twice: JSON bodies without type coercion (a JSON value has its own type,
 * so a string or a one-item list where a number belongs is the client's mistake), everything else with
 * Fastify's usual coercion of text ('?limit=20' is a number, '?role=a' a list of one).
 */
function validatorsByPart(): ValidatorFactory {
  const coercing = AjvCompiler();
  const strict = AjvCompiler();
  return ((externalSchemas: unknown, options: { customOptions?: Record<string, unknown> }) => {
    const forText = coercing(externalSchemas as never, options as never);
    const forBody = strict(
      externalSchemas as never,
      { ...options, customOptions: { ...options.customOptions, coerceTypes: false } } as never,
    );
    return (route: { httpPart?: string }) => (route.httpPart === 'body' ? forBody : forText)(route as never);
  }) as unknown as ValidatorFactory;
}

/**
 * A file whose name carries a content hash (`index.3f9a1c2e.js`) never changes: cached for a year.
 * Everything else (index.html, remoteEntry.js, mf-manifest.json, mf-stats.json) names the current
 * release: `no-cache`, so every load revalidates it by ETag (@fastify/static sends one) and a new
 * release reaches returning visitors.
 */
function cacheControlFor(path: string): string {
  const file = path.split('/').pop() ?? '';
  return /\.[0-9a-f]{8,}\.[a-z0-9]+(\.(gz|br))?$/.test(file)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/** The shell at '/', each micro-frontend's build at /remotes/<name>/, and the shell for page paths. */
async function registerFrontends(app: FastifyInstance, config: Config): Promise<void> {
  const setHeaders = (reply: FastifyReply, path: string) => {
    reply.header('cache-control', cacheControlFor(path));
  };
  // No file has a name over 255 bytes: such a path goes to the not-found handler (a page path to the
  // shell, an API path to 404 NOT_FOUND) instead of the file system's error (decision 0190: a 10,000-character
  // URL answered 403).
  const allowedPath = (path: string) => path.split('/').every((part) => Buffer.byteLength(part) <= 255);
  // Before the static plugin's own path checks, which refuse such a name with 403.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url?.endsWith('*') && !allowedPath(request.url.split('?')[0] ?? '')) {
      reply.callNotFound();
      return;
    }
    done();
  });
  const shellDir = join(config.appsDir, 'shell', 'dist');
  const shellIndex = join(shellDir, 'index.html');
  if (existsSync(shellDir)) {
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      index: ['index.html'],
      preCompressed: true,
      allowedPath,
      setHeaders,
    });
  }
  for (const name of Object.keys(config.remotes)) {
    const dir = join(config.appsDir, name, 'dist');
    if (!existsSync(dir)) continue;
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `/remotes/${name}/`,
      preCompressed: true,
      allowedPath,
      decorateReply: !existsSync(shellDir),
      setHeaders: (reply, path) => {
        setHeaders(reply, path);
        reply.header('access-control-allow-origin', '*');
        // A shell on another origin loads these bundles with <script>: let it.
        reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|ws|uploads|remotes|docs)(\/|$)/.test(path) &&
      existsSync(shellIndex);
    if (isPage) {
      // Page paths are the shell's: it routes them, and shows its 404 page for unknown ones.
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', shellDir);
    }
    return reply.status(404).send({
      message: `Route ${request.method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path} not found`,
      code: 'NOT_FOUND',
    });
  });
}
