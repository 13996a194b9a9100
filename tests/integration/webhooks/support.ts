import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import { SqlEmailAudience, SqlMailOutbox } from '#adapters/persistence/sql-mail-outbox.ts';
import { SqlSavedSearches } from '#adapters/persistence/sql-saved-searches.ts';
import { SqlWebhookDeliveries } from '#adapters/persistence/webhook-deliveries.ts';
import { SqlWebhookEndpoints, SqlWebhookMarketplace } from '#adapters/persistence/webhook-endpoints.ts';
import { HttpWebhookTransport } from '#adapters/webhooks/http-delivery.ts';
import { HmacWebhookSigning, verifyBuildBidSignature } from '#adapters/webhooks/signer.ts';
import { type Resolver, SsrfGuard } from '#adapters/webhooks/ssrf-guard.ts';
import type { IdGenerator } from '#application/shared/ports.ts';
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
import type { WebhookMode } from '#domain/webhook/endpoint.ts';
import { FakeClock } from '../../fakes/in-memory.ts';

/** What the receiver does with the next request: answer `status` (after `delayMs`), or redirect. */
export interface Reply {
  status: number;
  delayMs?: number;
  location?: string;
  body?: string;
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the signature verified with the receiver's secret(s) at the time it arrived. */
  verified: boolean;
  at: number;
}

/**
 * A local HTTP receiver, as a third party would write one: it keeps each request's raw body, checks its
 * BuildBid-Signature with the secrets it was given (at `now`: the tests' clock), and answers from a script
 * (200 once the script is done).
 */
export async function startReceiver(options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const received: Received[] = [];
  const script: Reply[] = [];
  const secrets: string[] = [];
  const waiting: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = req.headers['buildbid-signature'] as string | undefined;
      const verified = secrets.some((secret) => verifyBuildBidSignature(body, header, secret, 300, now()));
      received.push({ path: req.url ?? '', headers: req.headers, body, verified, at: performance.now() });
      const reply = script.shift() ?? { status: 200 };
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, reply.location ? { Location: reply.location } : {});
        res.end(reply.body ?? 'ok');
      };
      if (reply.delayMs) {
        waiting.push(res);
        setTimeout(answer, reply.delayMs).unref();
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    /** The next answers, in order. */
    reply: (...replies: Reply[]) => script.push(...replies),
    trust: (secret: string) => secrets.push(secret),
    /** The bodies received, parsed. */
    payloads: () =>
      received.map(
        (r) =>
          JSON.parse(r.body) as { id: string; type: string; created: number; data: Record<string, unknown> },
      ),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const uuids: IdGenerator = { next: () => randomUUID() };

/**
 * The webhooks composed on the test database as the API will compose them: the SQL adapters, the HMAC
 * signer, the SSRF guard and the HTTP delivery, the mail outbox for the notices, and a fake clock.
 */
export function webhooksOn(
  orm: MikroORM,
  options: { mode?: WebhookMode; timeoutMs?: number; resolve?: Resolver; clock?: FakeClock } = {},
) {
  const mode = options.mode ?? 'development';
  const clock = options.clock ?? new FakeClock('2027-03-01T12:00:00.000Z');
  const guard = new SsrfGuard({ mode, ...(options.resolve ? { resolve: options.resolve } : {}) });
  const endpoints = new SqlWebhookEndpoints(orm.em);
  const deliveries = new SqlWebhookDeliveries(orm.em);
  const mails = new SqlMailOutbox(orm.em);
  const deps = {
    endpoints,
    deliveries,
    signing: new HmacWebhookSigning(),
    transport: new HttpWebhookTransport({ guard }),
    guard,
    marketplace: new SqlWebhookMarketplace(orm.em),
    notices: new MailWebhookNotices({
      audience: new SqlEmailAudience(orm.em),
      outbox: mails,
      developerPageUrl: 'https://buildbid.example.com/account/developer',
    }),
    settings: { mode, batchSize: 10, leaseMs: 60_000, timeoutMs: options.timeoutMs ?? 10_000 },
    ids: uuids,
    clock,
  };
  return {
    clock,
    deps,
    endpoints,
    deliveries,
    savedSearches: new SqlSavedSearches(orm.em),
    create: new CreateWebhookEndpoint(deps),
    update: new UpdateWebhookEndpoint(deps),
    list: new ListWebhookEndpoints(deps),
    remove: new DeleteWebhookEndpoint(deps),
    reveal: new RevealWebhookSecret(deps),
    roll: new RollWebhookSecret(deps),
    log: new ListWebhookDeliveries(deps),
    resend: new ResendWebhookDelivery(deps),
    test: new SendTestWebhook(deps),
    onEvent: new WebhooksOnEvent(deps),
    /** A new worker, as another instance (or this one after a restart) would have. */
    dispatcher: () => new WebhookDispatcher({ ...deps, deliveries: new SqlWebhookDeliveries(orm.em) }),
  };
}

export type Webhooks = ReturnType<typeof webhooksOn>;

/** Every delivery row, oldest first (the tests' view of the table). */
export function deliveryRows(orm: MikroORM) {
  return orm.em.getConnection().execute<
    {
      id: string;
      endpoint_id: string;
      event_id: string;
      type: string;
      status: string;
      attempts: number;
      /** As the driver hands raw timestamps over: text. */
      next_attempt_at: string | null;
      response_status: number | null;
      error: string | null;
    }[]
  >(
    'select id, endpoint_id, event_id, type, status, attempts, next_attempt_at, response_status, error from webhook_deliveries order by created_at, id',
  );
}
