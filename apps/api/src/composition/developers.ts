import {
  AuthenticateBearer,
  CreateAccessToken,
  ListAccessTokens,
  RevokeAccessToken,
} from '#application/access-tokens/index.ts';
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
import { context, resolved, withDeps } from './context.ts';
import { TOKENS } from './tokens.ts';
import { MAIL_DELIVERY, WEBHOOK_DELIVERY } from './workers.ts';

const { AccessTokens: tokens, AccessTokenSecrets: secrets, Clock: clock, Ids: ids } = TOKENS;
const { WebhookEndpoints: endpoints, WebhookDeliveries: deliveries, WebhookSigning: signing } = TOKENS;
const { WebhookMarketplace: marketplace, WebhookSettings: settings } = TOKENS;
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
 * are started by composition/workers.ts.
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
  },
  [
    // An endpoint disabled for failing deliveries: its owner gets a mail, sent at once (the waking outbox).
    resolved(
      MailWebhookNotices,
      (audience, outbox, links) =>
        new MailWebhookNotices({
          audience,
          outbox,
          developerPageUrl: `${links.publicUrl}/account/developer`,
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
