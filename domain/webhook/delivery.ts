/**
 * The deliveries of webhook events: one per event and endpoint, tried until the receiver answers 2xx,
 * with retries for three days (docs/decisions/0212-signed-webhooks.md).
 */
import type { WebhookDeliveryType } from './events.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** An attempt that has no answer after this long counts as failed (the connection is closed). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is kept for the delivery log. */
export const RESPONSE_BODY_LIMIT_BYTES = 1024;
/** The waits after the 1st, 2nd, … failed attempt; the last one repeats. */
const RETRY_DELAYS_MS: readonly number[] = [
  1 * MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
];
/** A delivery is retried until this long after its event; the last attempt is made at the end of it. */
export const RETRY_WINDOW_MS = 3 * DAY;
/** An endpoint whose attempts have all failed for this long is disabled, and its owner is told. */
export const DISABLE_AFTER_FAILING_MS = 3 * DAY;

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDelivery {
  id: string;
  endpointId: string;
  /** `evt_…`, the payload's id. */
  eventId: string;
  type: WebhookDeliveryType;
  /** The body sent, byte for byte, on every attempt. */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** When the next attempt is due; null once the delivery succeeded or failed. */
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  /** The receiver's HTTP status of the last attempt; null when none came (timeout, refused, unreachable). */
  responseStatus: number | null;
  latencyMs: number | null;
  /** The first 1 KB of the receiver's answer to the last attempt. */
  responseBody: string | null;
  /** Why the last attempt failed, when it was not an HTTP answer (timeout, refused address, DNS, TLS). */
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What one attempt gave. */
export interface AttemptResult {
  responseStatus: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
}

/** A receiver took the event when it answered 2xx; anything else (redirects included) is a failure. */
export function attemptSucceeded(result: AttemptResult): boolean {
  return (
    result.error === null &&
    result.responseStatus !== null &&
    result.responseStatus >= 200 &&
    result.responseStatus < 300
  );
}

/**
 * When to try again after a failed attempt, `attempts` attempts in (the failed one included), for an event
 * of `createdAt`: 1 min, 5 min, 30 min, 2 h, 5 h, then every 10 h, the last one at the end of the three
 * days. Null once the three days are over: the delivery has failed.
 */
export function nextRetryAt(createdAt: Date, attempts: number, now: Date): Date | null {
  const deadline = createdAt.getTime() + RETRY_WINDOW_MS;
  if (now.getTime() >= deadline) return null;
  const index = Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1;
  const delay = RETRY_DELAYS_MS[index] as number;
  return new Date(Math.min(now.getTime() + delay, deadline));
}

/**
 * Where a delivery stands after an attempt. `retry`: a failure is tried again on the schedule (the
 * delivery of an event); false for a test event and for a resend of a delivery that had finished,
 * whose one attempt is the whole of it.
 */
export function afterAttempt(
  delivery: Pick<WebhookDelivery, 'createdAt' | 'attempts'>,
  result: AttemptResult,
  now: Date,
  retry: boolean,
): { status: WebhookDeliveryStatus; nextAttemptAt: Date | null } {
  if (attemptSucceeded(result)) return { status: 'succeeded', nextAttemptAt: null };
  const next = retry ? nextRetryAt(delivery.createdAt, delivery.attempts, now) : null;
  return next ? { status: 'pending', nextAttemptAt: next } : { status: 'failed', nextAttemptAt: null };
}

/** Whether an endpoint failing since `failingSince` has failed long enough to be disabled. */
export function failedLongEnough(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
}
