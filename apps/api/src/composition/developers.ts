import type { ServiceIdentifier } from 'inversify';
import { ProviderAccessTokens } from '#adapters/oauth/credentials.ts';
import { createOAuthProvider, type OAuthServer } from '#adapters/oauth/provider.ts';
import {
  AuthenticateBearer,
  CreateAccessToken,
  ListAccessTokens,
  RevokeAccessToken,
} from '#application/access-tokens/index.ts';
import {
  AuthenticateOAuthToken,
  DeleteOAuthApp,
  DisconnectApp,
  ListConnectedApps,
  ListMyOAuthApps,
  RegisterOAuthApp,
} from '#application/oauth-apps/index.ts';
import {
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  ListWebhookDeliveries,
  ListWebhookEndpoints,
  MailWebhookNotices,
  ResendWebhookDelivery,
  RevealWebhookSecret,
  RollWebhookSecret,
  SendTestWebhook,
  UpdateWebhookEndpoint,
  WebhookDispatcher,
  WebhooksOnEvent,
} from '#application/webhooks/index.ts';
import { bound, context, resolved, withDeps } from './context.ts';
import { TOKENS } from './tokens.ts';
import { MAIL_DELIVERY, WEBHOOK_DELIVERY } from './workers.ts';

const { AccessTokens: tokens, AccessTokenSecrets: secrets, Clock: clock, Ids: ids } = TOKENS;
const { WebhookEndpoints: endpoints, WebhookDeliveries: deliveries, WebhookSigning: signing } = TOKENS;
const { WebhookMarketplace: marketplace, WebhookSettings: settings } = TOKENS;
const { OAuthApps: apps, OAuthModels: grants } = TOKENS;

/** The OAuth authorization server (oidc-provider, decision 0213), built once from the bound ports. */
const OAUTH_SERVER = Symbol('OAuthServer') as ServiceIdentifier<OAuthServer>;

/** What saving the endpoint form reads. */
const form = { endpoints, guard: TOKENS.WebhookGuard, marketplace, settings, clock };
/** What an attempt of a delivery takes: the worker's, a resend's, a test event's. */
const attempts = {
  endpoints,
  deliveries,
  signing,
  transport: TOKENS.WebhookTransport,
  notices: MailWebhookNotices,
  settings,
  clock,
};

/**
 * Third parties: personal access tokens and who a bearer token speaks for (decision 0211), and the
 * webhook endpoints with their delivery log (decision 0212). The access check (http/access.ts) calls
 * `authenticateBearer` on every request that carries one. The webhook worker and the outbox subscriber
 * are started by composition/workers.ts. OAuth apps (decision 0213): the authorization server the HTTP
 * layer mounts, the apps developers register and the connections users make; `authenticateOAuthToken`
 * answers for every bearer token that is not a personal access token.
 */
export const developers = context(
  {
    createAccessToken: withDeps(CreateAccessToken, { tokens, secrets, ids, clock }),
    listAccessTokens: withDeps(ListAccessTokens, { tokens }),
    revokeAccessToken: withDeps(RevokeAccessToken, { tokens, clock }),
    authenticateBearer: withDeps(AuthenticateBearer, { tokens, secrets, users: TOKENS.Users, clock }),
    createWebhookEndpoint: withDeps(CreateWebhookEndpoint, { ...form, signing, ids }),
    updateWebhookEndpoint: withDeps(UpdateWebhookEndpoint, { ...form, deliveries }),
    listWebhookEndpoints: withDeps(ListWebhookEndpoints, { endpoints }),
    deleteWebhookEndpoint: withDeps(DeleteWebhookEndpoint, { endpoints }),
    revealWebhookSecret: withDeps(RevealWebhookSecret, { endpoints, clock }),
    rollWebhookSecret: withDeps(RollWebhookSecret, { endpoints, signing, clock }),
    listWebhookDeliveries: withDeps(ListWebhookDeliveries, { endpoints, deliveries }),
    resendWebhookDelivery: withDeps(ResendWebhookDelivery, attempts),
    sendTestWebhook: withDeps(SendTestWebhook, { ...attempts, ids }),
    // OAuth apps (decision 0213): the server the HTTP layer mounts, the apps, the connections.
    oauthServer: bound(OAUTH_SERVER),
    registerOAuthApp: resolved(
      RegisterOAuthApp,
      (repository, clientSecrets, idGenerator, time, oauth) =>
        new RegisterOAuthApp({
          apps: repository,
          secrets: clientSecrets,
          ids: idGenerator,
          clock: time,
          loopbackRedirects: oauth.loopbackRedirects,
        }),
      [apps, TOKENS.OAuthClientSecrets, ids, clock, TOKENS.OAuthSettings],
    ),
    listMyOAuthApps: withDeps(ListMyOAuthApps, { apps }),
    deleteOAuthApp: withDeps(DeleteOAuthApp, { apps }),
    listConnectedApps: withDeps(ListConnectedApps, { grants, apps }),
    disconnectApp: withDeps(DisconnectApp, { grants }),
    authenticateOAuthToken: resolved(
      AuthenticateOAuthToken,
      (server, users) => new AuthenticateOAuthToken({ tokens: new ProviderAccessTokens(server), users }),
      [OAUTH_SERVER, TOKENS.Users],
    ),
  },
  [
    resolved(
      OAUTH_SERVER,
      (oauth, repository, storage, users) =>
        createOAuthProvider({ issuer: oauth.issuer, secret: oauth.secret, apps: repository, storage, users }),
      [TOKENS.OAuthSettings, apps, grants, TOKENS.Users],
    ),
    // An endpoint disabled for failing deliveries: its owner gets a mail, sent at once (the waking outbox).
    resolved(
      MailWebhookNotices,
      (audience, outbox, links) =>
        new MailWebhookNotices({
          audience,
          outbox,
          developerPageUrl: `${links.publicUrl}/developer`,
        }),
      [TOKENS.EmailAudience, MAIL_DELIVERY.Outbox, TOKENS.AccountLinks],
    ),
    withDeps(WebhookDispatcher, attempts),
    // Queuing a delivery wakes the worker, so it goes out without waiting for the next round.
    withDeps(WebhooksOnEvent, {
      endpoints,
      deliveries,
      marketplace,
      signing,
      ids,
      clock,
      wake: WEBHOOK_DELIVERY.Wake,
    }),
  ],
);
