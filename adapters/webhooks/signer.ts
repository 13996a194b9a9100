import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { WebhookSigning } from '../../application/webhooks/ports.ts';
import { WEBHOOK_SECRET_PREFIX } from '../../domain/webhook/endpoint.ts';

/**
 * Webhook signatures as Stripe makes them (docs/decisions/0212-signed-webhooks.md):
 * `BuildBid-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the whole
 * `whsec_…` secret, one v1 per secret that is valid (two during a roll). The timestamp is signed with the
 * body, so a captured delivery cannot be replayed later than the receiver's tolerance.
 */

function hmacHex(secret: string, signedText: string | Buffer): string {
  return createHmac('sha256', secret).update(signedText).digest('hex');
}

/** The header for `body` sent at `at`, signed with each of `secrets`. */
export function signatureHeader(body: string, secrets: readonly string[], at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return [`t=${t}`, ...secrets.map((secret) => `v1=${hmacHex(secret, `${t}.${body}`)}`)].join(',');
}

/**
 * What a receiver runs: true when `header` carries a v1 signature of `rawBody` (the bytes as received, before
 * any JSON parsing) made with `secret`, at a time no further than `toleranceSeconds` from `now`.
 */
export function verifyBuildBidSignature(
  rawBody: string | Buffer,
  header: string | null | undefined,
  secret: string,
  toleranceSeconds = 300,
  now: Date = new Date(),
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  if (t === undefined || !/^\d+$/.test(t)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(t)) > toleranceSeconds) return false;
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody) : rawBody;
  const expected = Buffer.from(hmacHex(secret, Buffer.concat([Buffer.from(`${t}.`), body])));
  return parts.some(([key, value]) => {
    if (key !== 'v1' || value === undefined) return false;
    const given = Buffer.from(value);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** WebhookSigning with HMAC-SHA256 and random secrets. */
export class HmacWebhookSigning implements WebhookSigning {
  /** `whsec_` and 32 random bytes in base64url (256 bits). */
  newSecret(): string {
    return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  }

  signatureHeader(body: string, secrets: readonly string[], at: Date): string {
    return signatureHeader(body, secrets, at);
  }

  /** `evt_` and 128 bits of SHA-256 over the endpoint and the event: the same for every run of one event. */
  eventId(eventFingerprint: string, endpointId: string): string {
    const digest = createHash('sha256').update(`${endpointId}\n${eventFingerprint}`).digest('hex');
    return `evt_${digest.slice(0, 32)}`;
  }

  randomEventId(): string {
    return `evt_${randomBytes(16).toString('hex')}`;
  }
}
