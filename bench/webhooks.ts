/**
 * Webhook delivery latency (decision 0212): 1,000 domain events from their commit (the outbox row) to a
 * local receiver, printing p50 and p99.
 *
 *   BENCH_WEBHOOKS_DATABASE_URL=postgres://postgres@127.0.0.1:5432/buildbid_bench_webhooks node bench/webhooks.ts
 *
 * On a real PostgreSQL (created if missing, schema dropped and migrated again). 100 users with one endpoint
 * each on a local HTTP receiver (development mode: http://127.0.0.1); each event is a bid_submitted for one
 * of them, committed with its outbox row in its own transaction and published as a use case does, at a
 * steady BENCH_WEBHOOK_RATE events a second (50 by default; this one process also plays the receiver).
 * The pieces are the API's: the outbox publisher with the webhook subscriber in the background, the worker
 * in a BackgroundLoop woken by the subscriber (1 s poll otherwise), the SSRF guard and the HTTP delivery.
 * The latency of an event is from its commit's return to the moment the receiver has read the whole
 * request (whose signature it verifies).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { MikroOrmUnitOfWork } from '../adapters/persistence/mikro-orm-unit-of-work.ts';
import { closeOrm, createOrm, migrate } from '../adapters/persistence/orm.ts';
import { OutboxEventPublisher, SqlEventOutboxStore } from '../adapters/persistence/sql-event-outbox.ts';
import { SqlWebhookDeliveries } from '../adapters/persistence/webhook-deliveries.ts';
import { SqlWebhookEndpoints, SqlWebhookMarketplace } from '../adapters/persistence/webhook-endpoints.ts';
import { BackgroundLoop } from '../adapters/system/background-loop.ts';
import { HttpWebhookTransport } from '../adapters/webhooks/http-delivery.ts';
import { HmacWebhookSigning, verifyBuildBidSignature } from '../adapters/webhooks/signer.ts';
import { SsrfGuard } from '../adapters/webhooks/ssrf-guard.ts';
import { CreateWebhookEndpoint, WebhookDispatcher, WebhooksOnEvent } from '../application/webhooks/index.ts';
import type { BidSubmitted } from '../domain/shared/events.ts';
import { resetDatabase } from './seed-sql.ts';

const DATABASE_URL =
  process.env.BENCH_WEBHOOKS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/buildbid_bench_webhooks';
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1_000);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 50);
const USERS = 100;

await resetDatabase(DATABASE_URL);
const orm = await createOrm({ clientUrl: DATABASE_URL });
await migrate(orm);
const db = orm.em.getConnection();

// The receiver: a third party's endpoint, verifying every signature.
const secrets = new Map<string, string>();
const arrived = new Map<string, number>();
let unverified = 0;
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const at = performance.now();
    const body = Buffer.concat(chunks).toString('utf8');
    const { data } = JSON.parse(body) as { data: { bidId: string } };
    const secret = secrets.get(req.url ?? '') ?? '';
    if (!verifyBuildBidSignature(body, req.headers['buildbid-signature'] as string, secret)) unverified += 1;
    arrived.set(data.bidId, at);
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

// The webhooks as the API composes them.
const clock = { now: () => new Date() };
const ids = { next: () => randomUUID() };
const guard = new SsrfGuard({ mode: 'development' });
let loop: BackgroundLoop | undefined;
const deps = {
  endpoints: new SqlWebhookEndpoints(orm.em),
  deliveries: new SqlWebhookDeliveries(orm.em),
  signing: new HmacWebhookSigning(),
  transport: new HttpWebhookTransport({ guard }),
  guard,
  marketplace: new SqlWebhookMarketplace(orm.em),
  notices: { endpointDisabled: async () => {} },
  settings: { mode: 'development' as const, batchSize: 20, leaseMs: 60_000, timeoutMs: 10_000 },
  ids,
  clock,
  wake: () => loop?.wake(),
};
const dispatcher = new WebhookDispatcher(deps);
loop = new BackgroundLoop({
  task: () => dispatcher.runDue(),
  intervalMs: 1_000,
  onError: (error) => console.error('dispatch round failed', error),
}).start();
const onEvent = new WebhooksOnEvent(deps);
const publisher = new OutboxEventPublisher(new SqlEventOutboxStore(orm.em), (error) => console.error(error));
publisher.subscribeInBackground((event) => onEvent.execute(event));
const uow = new MikroOrmUnitOfWork(orm.em);

// 100 owners, one endpoint each.
const owners: string[] = [];
await db.execute(
  `insert into users (id, email, password_hash, first_name, role, country, subscription_tier, created_at, updated_at)
    select gen_random_uuid(), 'owner' || i || '@bench.example', 'x', 'Owner', 'client', 'BS', 'free', now(), now()
    from generate_series(1, ${USERS}) i`,
);
const create = new CreateWebhookEndpoint(deps);
for (const { id } of await db.execute<{ id: string }[]>('select id from users order by email')) {
  const path = `/hook/${owners.length}`;
  const { secret } = await create.execute(
    { id },
    { url: `http://127.0.0.1:${port}${path}`, eventTypes: ['bid.received'] },
  );
  secrets.set(path, secret);
  owners.push(id);
}

const event = (i: number): BidSubmitted => ({
  type: 'bid_submitted',
  occurredAt: new Date(),
  bidId: randomUUID(),
  projectId: randomUUID(),
  projectTitle: `Bench project ${i}`,
  recipientId: owners[i % owners.length] as string,
  contractorId: randomUUID(),
  amountCents: 100_000 + i,
  projectPostedAt: new Date(),
});

/** Commits one event with its outbox row, then publishes it: answers when the commit returned. */
async function commitAndPublish(e: BidSubmitted): Promise<number> {
  await uow.run((tx) => tx.outbox.add([e]));
  const committed = performance.now();
  await publisher.publish([e]);
  return committed;
}

// Warm-up (not measured), then the events at a steady rate.
for (let i = 0; i < 20; i++) await commitAndPublish(event(i));
await publisher.settled();
while (
  (
    await db.execute<{ n: string }[]>("select count(*) as n from webhook_deliveries where status = 'pending'")
  )[0]?.n !== '0'
) {
  await new Promise((resolve) => setTimeout(resolve, 50));
}
arrived.clear();

const committedAt = new Map<string, number>();
const started = performance.now();
const inFlight: Promise<void>[] = [];
for (let i = 0; i < EVENTS; i++) {
  const due = started + (i * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const e = event(i);
  inFlight.push(commitAndPublish(e).then((at) => void committedAt.set(e.bidId, at)));
}
await Promise.all(inFlight);
await publisher.settled();
const deadline = performance.now() + 60_000;
while (arrived.size < EVENTS && performance.now() < deadline)
  await new Promise((resolve) => setTimeout(resolve, 20));
const sendingMs = performance.now() - started;

const latencies = [...committedAt]
  .map(([bidId, at]) => (arrived.get(bidId) ?? Number.NaN) - at)
  .filter((ms) => Number.isFinite(ms))
  .sort((a, b) => a - b);
const quantile = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
const [attempts] = await db.execute<{ n: string; retried: string }[]>(
  "select count(*) as n, count(*) filter (where attempts > 1) as retried from webhook_deliveries where status = 'succeeded'",
);

console.log(
  [
    `webhooks bench: ${EVENTS} events at ${RATE}/s to ${USERS} endpoints on a local receiver`,
    `  machine: ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(2)}; PostgreSQL ${new URL(DATABASE_URL).host}`,
    `  delivered ${latencies.length}/${EVENTS} (signatures failing: ${unverified}; deliveries retried: ${attempts?.retried}) in ${(sendingMs / 1000).toFixed(1)} s`,
    `  commit -> receiver: p50 ${quantile(0.5).toFixed(1)} ms, p99 ${quantile(0.99).toFixed(1)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms`,
  ].join('\n'),
);

await loop.stop();
await publisher.settled();
server.closeAllConnections();
server.close();
await closeOrm(orm);
if (latencies.length < EVENTS || unverified > 0) process.exitCode = 1;
