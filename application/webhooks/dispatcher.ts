/**
 * Sending webhook deliveries: the worker that takes due deliveries, and the one attempt that the worker,
 * a resend and a test event all make (docs/decisions/0212-signed-webhooks.md).
 */
import {
  afterAttempt,
  attemptSucceeded,
  failedLongEnough,
  type WebhookDelivery,
} from '../../domain/webhook/delivery.ts';
import { signingSecrets } from '../../domain/webhook/endpoint.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type {
  ClaimedDelivery,
  WebhookDeliveryRepository,
  WebhookEndpointRepository,
  WebhookNotices,
  WebhookSettings,
  WebhookSigning,
  WebhookTransport,
} from './ports.ts';

/** What an attempt needs. */
export interface AttemptDeps {
  endpoints: WebhookEndpointRepository;
  deliveries: WebhookDeliveryRepository;
  signing: WebhookSigning;
  transport: WebhookTransport;
  notices: WebhookNotices;
  settings: WebhookSettings;
  clock: Clock;
}

/** The header names of a delivery; receivers read `BuildBid-Signature`. */
export const SIGNATURE_HEADER = 'BuildBid-Signature';
const USER_AGENT = 'BuildBid-Webhooks/1.0';

/**
 * One attempt of a claimed delivery at `at`: signs the stored body with every secret valid at `at`, posts
 * it, records the result and the next step, and keeps the endpoint's failure count: an endpoint whose
 * attempts have all failed for three days is disabled (its pending deliveries fail) and its owner told.
 * `retry`: whether a failure is tried again on the schedule. Answers the delivery as it now stands.
 */
export async function attemptDelivery(
  deps: AttemptDeps,
  claimed: ClaimedDelivery,
  at: Date,
  retry: boolean,
): Promise<WebhookDelivery> {
  const { delivery, endpoint } = claimed;
  const result = await deps.transport.post({
    url: endpoint.url,
    body: delivery.payload,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': USER_AGENT,
      [SIGNATURE_HEADER]: deps.signing.signatureHeader(delivery.payload, signingSecrets(endpoint, at), at),
    },
    timeoutMs: deps.settings.timeoutMs,
  });
  const next = afterAttempt(delivery, result, at, retry);
  await deps.deliveries.recordAttempt(delivery.id, at, result, next);
  if (attemptSucceeded(result)) {
    await deps.endpoints.recordSuccess(endpoint.id);
  } else {
    const failingSince = await deps.endpoints.recordFailure(endpoint.id, at);
    if (failedLongEnough(failingSince, at) && (await deps.endpoints.disableForFailures(endpoint.id, at))) {
      await deps.deliveries.failPending(
        endpoint.id,
        'The endpoint was disabled: its deliveries failed for 3 days',
        at,
      );
      await deps.notices.endpointDisabled(endpoint, at);
    }
  }
  return { ...delivery, ...result, ...next, lastAttemptAt: at, updatedAt: at };
}

/**
 * The worker: each round claims the due deliveries (up to `batchSize`, SKIP LOCKED, so every instance can
 * run it) and sends them at once. A background loop calls `runDue` every second or so, and sooner when
 * the subscriber queued something (`wake`).
 */
export class WebhookDispatcher extends UseCase<AttemptDeps> {
  /** One round at `now` (the clock's, by default): answers how many deliveries were attempted. */
  async runDue(now: Date = this.deps.clock.now()): Promise<number> {
    const { batchSize, leaseMs } = this.deps.settings;
    const claimed = await this.deps.deliveries.claimDue(now, batchSize, leaseMs);
    // Each attempt records itself; one that could not (the database went away) is taken again after its lease.
    const outcomes = await Promise.allSettled(claimed.map((c) => attemptDelivery(this.deps, c, now, true)));
    const failure = outcomes.find((o) => o.status === 'rejected');
    if (failure) throw failure.reason;
    return claimed.length;
  }
}
