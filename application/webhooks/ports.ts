/**
 * Ports of the webhooks (docs/decisions/0212-signed-webhooks.md). Adapters: adapters/persistence/webhook-*.ts
 * (the tables), adapters/webhooks/ (signing, the SSRF guard, the HTTP delivery).
 */

import type { ProjectSnapshot } from '../../domain/project/project.ts';
import type { AttemptResult, WebhookDelivery, WebhookDeliveryStatus } from '../../domain/webhook/delivery.ts';
import type { WebhookEndpoint, WebhookEventType, WebhookMode } from '../../domain/webhook/endpoint.ts';
import type { WebhookDeliveryType } from '../../domain/webhook/events.ts';

/** Webhook endpoints. */
export interface WebhookEndpointRepository {
  /**
   * Adds an endpoint. `check` gets how many endpoints the owner has, counted under a lock on the owner so
   * two creations at once cannot pass the limit together; it throws to refuse.
   */
  add(endpoint: WebhookEndpoint, check: (count: number) => void): Promise<void>;
  /** The owner's endpoint; null when the owner has none with this id. */
  find(ownerUserId: string, id: string): Promise<WebhookEndpoint | null>;
  /** The owner's endpoints, newest first. */
  listForOwner(ownerUserId: string): Promise<WebhookEndpoint[]>;
  /** Writes the endpoint's form fields, secrets and status. */
  save(endpoint: WebhookEndpoint): Promise<void>;
  /** Removes the owner's endpoint and its deliveries; false when there was none. */
  remove(ownerUserId: string, id: string): Promise<boolean>;
  /** The enabled endpoints of these users that take `type`. */
  subscribed(
    type: Exclude<WebhookEventType, 'project.posted'>,
    userIds: readonly string[],
  ): Promise<WebhookEndpoint[]>;
  /**
   * The enabled endpoints that take project.posted whose saved search the project meets (the browse list's
   * rules, with the database's word search: decision 0214), never the project owner's.
   */
  projectPostedSubscribers(projectId: string): Promise<WebhookEndpoint[]>;
  /** An attempt at `at` failed: answers since when its attempts have all failed (`at` if it was fine). */
  recordFailure(id: string, at: Date): Promise<Date | null>;
  /** An attempt worked: the endpoint is no longer failing. */
  recordSuccess(id: string): Promise<void>;
  /**
   * Disables the endpoint for failed deliveries, if it is enabled. True when this call disabled it, so
   * exactly one instance tells the owner.
   */
  disableForFailures(id: string, at: Date): Promise<boolean>;
}

/** A delivery taken by one worker, with what sending it needs. */
export interface ClaimedDelivery {
  delivery: WebhookDelivery;
  endpoint: Pick<
    WebhookEndpoint,
    | 'id'
    | 'ownerUserId'
    | 'url'
    | 'status'
    | 'secret'
    | 'previousSecret'
    | 'previousSecretExpiresAt'
    | 'failingSince'
  >;
}

export interface NewWebhookDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  type: WebhookDeliveryType;
  payload: string;
  createdAt: Date;
}

export interface WebhookDeliveryPage {
  /** Newest first. */
  items: WebhookDelivery[];
  /** Give it as `before` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** Webhook deliveries: the durable queue of attempts and the delivery log. */
export interface WebhookDeliveryRepository {
  /**
   * Queues deliveries, due at their `createdAt`. One per (endpoint, event id): a delivery queued before
   * (the outbox handed the event again) is skipped. Answers how many were queued.
   */
  enqueue(deliveries: readonly NewWebhookDelivery[]): Promise<number>;
  /**
   * Claims up to `limit` pending deliveries of enabled endpoints that are due at `now` and that no worker
   * holds, counts an attempt on each and holds them for `leaseMs` (FOR UPDATE SKIP LOCKED: several workers
   * never take the same one; a worker that dies leaves it to the next once the lease ends).
   */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  /**
   * Claims one delivery of the owner's (any status) for a resend, counting an attempt: null when there
   * is none; 'busy' when a worker holds it.
   */
  claimForResend(
    ownerUserId: string,
    id: string,
    now: Date,
    leaseMs: number,
  ): Promise<ClaimedDelivery | 'busy' | null>;
  /** Adds a delivery that is being attempted now (a test event): claimed, with one attempt counted. */
  addClaimed(delivery: NewWebhookDelivery, now: Date, leaseMs: number): Promise<void>;
  /** Records the attempt's result and where the delivery stands, and releases it. */
  recordAttempt(
    id: string,
    at: Date,
    result: AttemptResult,
    next: { status: WebhookDeliveryStatus; nextAttemptAt: Date | null },
  ): Promise<void>;
  /** Fails the endpoint's pending deliveries (it was disabled), with `error` as their last word. */
  failPending(endpointId: string, error: string, at: Date): Promise<number>;
  /** The endpoint's deliveries, newest first, `limit` a page, after the page that ended at `before`. */
  listForEndpoint(
    endpointId: string,
    page: { limit: number; before?: string | null | undefined },
  ): Promise<WebhookDeliveryPage>;
}

/** Signing secrets, signatures and event ids (HMAC-SHA256; adapters/webhooks/signer.ts). */
export interface WebhookSigning {
  /** A new random `whsec_…` secret. */
  newSecret(): string;
  /** The `BuildBid-Signature` header of `body` sent at `at`: one v1 per secret. */
  signatureHeader(body: string, secrets: readonly string[], at: Date): string;
  /** The stable `evt_…` id of one event (its fingerprint) for one endpoint. */
  eventId(eventFingerprint: string, endpointId: string): string;
  /** A new random `evt_…` id (test events). */
  randomEventId(): string;
}

/** Sends one delivery over HTTP (adapters/webhooks/http-delivery.ts). Never throws: a failure is a result. */
export interface WebhookTransport {
  post(request: {
    url: string;
    body: string;
    headers: Record<string, string>;
    timeoutMs: number;
  }): Promise<AttemptResult>;
}

/** The SSRF guard asked when an endpoint is saved: why the URL's host may not be called, or null. */
export interface WebhookAddressGuard {
  refusal(url: string): Promise<string | null>;
}

/** What project.posted reads of the marketplace. */
export interface WebhookMarketplace {
  project(id: string): Promise<ProjectSnapshot | null>;
  /** The saved search's owner, when it exists (an endpoint may follow only its owner's searches). */
  savedSearchOwner(id: string): Promise<string | null>;
}

/** Tells an endpoint's owner that it was disabled (a mail; application/webhooks/notices.ts queues it). */
export interface WebhookNotices {
  endpointDisabled(endpoint: Pick<WebhookEndpoint, 'id' | 'ownerUserId' | 'url'>, at: Date): Promise<void>;
}

/** How the webhooks run here. */
export interface WebhookSettings {
  mode: WebhookMode;
  /** Deliveries one worker round takes (and sends at once). */
  batchSize: number;
  /** How long a claimed delivery is hidden from other workers: longer than the timeout. */
  leaseMs: number;
  /** An attempt without an answer after this long fails (10 s; tests shorten it). */
  timeoutMs: number;
}
