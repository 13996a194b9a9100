/**
 * What the webhook use cases share (docs/decisions/0212-signed-webhooks.md): who acts, finding the owner's
 * endpoint, the checks of the endpoint form, the secrets shown to the owner, and the one attempt of a
 * delivery that the worker, a resend and a test event all make.
 */
import {
  afterAttempt,
  attemptSucceeded,
  failedLongEnough,
  type WebhookDelivery,
} from '../../domain/webhook/delivery.ts';
import { signingSecrets, type WebhookEndpoint } from '../../domain/webhook/endpoint.ts';
import { WEBHOOK_ERRORS } from '../../domain/webhook/errors.ts';
import type { Clock } from '../shared/ports.ts';
import type {
  ClaimedDelivery,
  WebhookAddressGuard,
  WebhookDeliveryRepository,
  WebhookEndpointRepository,
  WebhookMarketplace,
  WebhookNotices,
  WebhookSettings,
  WebhookSigning,
  WebhookTransport,
} from './ports.ts';

/** Who acts: the signed-in user (a User satisfies this). */
export interface WebhookOwner {
  readonly id: string;
}

/** The owner's endpoint, or WEBHOOK_ENDPOINT_NOT_FOUND (another user's endpoint is not found either). */
export async function ownEndpoint(
  endpoints: WebhookEndpointRepository,
  owner: WebhookOwner,
  id: string,
): Promise<WebhookEndpoint> {
  const endpoint = await endpoints.find(owner.id, id);
  if (!endpoint) throw WEBHOOK_ERRORS.WEBHOOK_ENDPOINT_NOT_FOUND();
  return endpoint;
}

/** What saving the endpoint form needs. */
export interface FormDeps {
  endpoints: WebhookEndpointRepository;
  guard: WebhookAddressGuard;
  marketplace: WebhookMarketplace;
  settings: Pick<WebhookSettings, 'mode'>;
  clock: Clock;
}

/** The checks the domain cannot make: the URL's host is one we may call, the saved search is the owner's. */
export async function checkReferences(deps: FormDeps, endpoint: WebhookEndpoint): Promise<void> {
  const refusal = await deps.guard.refusal(endpoint.url);
  if (refusal !== null) throw WEBHOOK_ERRORS.WEBHOOK_URL_NOT_ALLOWED({ message: refusal, field: 'url' });
  if (endpoint.savedSearchId === null) return;
  const owner = await deps.marketplace.savedSearchOwner(endpoint.savedSearchId);
  if (owner !== endpoint.ownerUserId) {
    throw WEBHOOK_ERRORS.WEBHOOK_SAVED_SEARCH_NOT_FOUND({ field: 'savedSearchId' });
  }
}

/** The secrets that sign now ('Reveal secret'): the current one, and the previous one during a roll. */
export interface WebhookSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

export function secretsOf(endpoint: WebhookEndpoint, now: Date): WebhookSecrets {
  const [secret, previousSecret = null] = signingSecrets(endpoint, now);
  return {
    secret: secret as string,
    previousSecret,
    previousSecretExpiresAt: previousSecret === null ? null : endpoint.previousSecretExpiresAt,
  };
}

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
const SIGNATURE_HEADER = 'BuildBid-Signature';
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
    // As claimed: a failure recorded since is cleared by the next success claimed after it.
    if (endpoint.failingSince !== null) await deps.endpoints.recordSuccess(endpoint.id);
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
