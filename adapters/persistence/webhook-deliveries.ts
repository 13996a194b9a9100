import type { EntityManager } from '@mikro-orm/core';
import type {
  ClaimedDelivery,
  NewWebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryRepository,
} from '../../application/webhooks/ports.ts';
import type { AttemptResult, WebhookDelivery, WebhookDeliveryStatus } from '../../domain/webhook/delivery.ts';
import type { WebhookDeliveryType } from '../../domain/webhook/events.ts';
import { isUuid } from './marketplace-mappers.ts';
import { runSql } from './sql.ts';
import { dateOrNull } from './webhook-endpoints.ts';

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  type: string;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  response_status: number | null;
  latency_ms: number | null;
  response_body: string | null;
  error: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A claimed row also carries what sending needs of its endpoint. */
interface ClaimedRow extends DeliveryRow {
  endpoint_user_id: string;
  endpoint_url: string;
  endpoint_status: string;
  endpoint_secret: string;
  endpoint_previous_secret: string | null;
  endpoint_previous_secret_expires_at: Date | null;
  endpoint_failing_since: Date | null;
}

const DELIVERY_COLUMNS =
  'id, endpoint_id, event_id, type, payload, status, attempts, next_attempt_at, last_attempt_at, response_status, latency_ms, response_body, error, created_at, updated_at';
const CLAIMED_COLUMNS = `${DELIVERY_COLUMNS.split(', ')
  .map((c) => `d.${c}`)
  .join(', ')}, e.user_id as endpoint_user_id, e.url as endpoint_url, e.status as endpoint_status,
  e.secret as endpoint_secret, e.previous_secret as endpoint_previous_secret,
  e.previous_secret_expires_at as endpoint_previous_secret_expires_at, e.failing_since as endpoint_failing_since`;

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    type: row.type as WebhookDeliveryType,
    payload: row.payload,
    status: row.status as WebhookDeliveryStatus,
    attempts: Number(row.attempts),
    nextAttemptAt: dateOrNull(row.next_attempt_at),
    lastAttemptAt: dateOrNull(row.last_attempt_at),
    responseStatus: row.response_status,
    latencyMs: row.latency_ms,
    responseBody: row.response_body,
    error: row.error,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toClaimed(row: ClaimedRow): ClaimedDelivery {
  return {
    delivery: toDelivery(row),
    endpoint: {
      id: row.endpoint_id,
      ownerUserId: row.endpoint_user_id,
      url: row.endpoint_url,
      status: row.endpoint_status === 'disabled' ? 'disabled' : 'enabled',
      secret: row.endpoint_secret,
      previousSecret: row.endpoint_previous_secret,
      previousSecretExpiresAt: dateOrNull(row.endpoint_previous_secret_expires_at),
      failingSince: dateOrNull(row.endpoint_failing_since),
    },
  };
}

/** The log's cursor: the last item's creation and id, opaque to callers. */
function cursorOf(delivery: WebhookDelivery): string {
  return Buffer.from(`${delivery.createdAt.toISOString()}|${delivery.id}`).toString('base64url');
}

function parseCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  return id && isUuid(id) && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : null;
}

/**
 * WebhookDeliveryRepository in SQL (decision 0212). Claiming is one UPDATE over a `FOR UPDATE SKIP LOCKED`
 * subselect that sets a lease (claimed_until) and counts the attempt, so several instances' workers never
 * take the same delivery, and no transaction stays open while a receiver answers. Every time is the
 * caller's clock, so tests move it.
 */
export class SqlWebhookDeliveries implements WebhookDeliveryRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async enqueue(deliveries: readonly NewWebhookDelivery[]): Promise<number> {
    if (deliveries.length === 0) return 0;
    const rows = await runSql<{ id: string }>(
      this.#em,
      `insert into webhook_deliveries
         (id, endpoint_id, event_id, type, payload, status, attempts, next_attempt_at, created_at, updated_at)
       values ${deliveries.map(() => "(?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)").join(', ')}
       on conflict (endpoint_id, event_id) do nothing
       returning id`,
      deliveries.flatMap((d) => [
        d.id,
        d.endpointId,
        d.eventId,
        d.type,
        d.payload,
        d.createdAt,
        d.createdAt,
        d.createdAt,
      ]),
    );
    return rows.length;
  }

  async claimDue(now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const rows = await runSql<ClaimedRow>(
      this.#em,
      `update webhook_deliveries d
          set claimed_until = ?, attempts = d.attempts + 1, updated_at = ?
         from (
           select dd.id from webhook_deliveries dd
             join webhook_endpoints ee on ee.id = dd.endpoint_id and ee.status = 'enabled'
            where dd.status = 'pending' and dd.next_attempt_at <= ?
              and (dd.claimed_until is null or dd.claimed_until <= ?)
            order by dd.next_attempt_at
            limit ?
            for update of dd skip locked
         ) due, webhook_endpoints e
        where d.id = due.id and e.id = d.endpoint_id
        returning ${CLAIMED_COLUMNS}`,
      [new Date(now.getTime() + leaseMs), now, now, now, limit],
    );
    return rows.map(toClaimed);
  }

  async claimForResend(
    ownerUserId: string,
    id: string,
    now: Date,
    leaseMs: number,
  ): Promise<ClaimedDelivery | 'busy' | null> {
    if (!isUuid(ownerUserId) || !isUuid(id)) return null;
    const [row] = await runSql<ClaimedRow>(
      this.#em,
      `update webhook_deliveries d
          set claimed_until = ?, attempts = d.attempts + 1, updated_at = ?
         from webhook_endpoints e
        where d.id = ? and e.id = d.endpoint_id and e.user_id = ?
          and (d.claimed_until is null or d.claimed_until <= ?)
        returning ${CLAIMED_COLUMNS}`,
      [new Date(now.getTime() + leaseMs), now, id, ownerUserId, now],
    );
    if (row) return toClaimed(row);
    const [held] = await runSql<{ id: string }>(
      this.#em,
      `select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
        where d.id = ? and e.user_id = ?`,
      [id, ownerUserId],
    );
    return held ? 'busy' : null;
  }

  async addClaimed(delivery: NewWebhookDelivery, now: Date, leaseMs: number): Promise<void> {
    await runSql(
      this.#em,
      `insert into webhook_deliveries
         (id, endpoint_id, event_id, type, payload, status, attempts, claimed_until, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'pending', 1, ?, ?, ?)`,
      [
        delivery.id,
        delivery.endpointId,
        delivery.eventId,
        delivery.type,
        delivery.payload,
        new Date(now.getTime() + leaseMs),
        delivery.createdAt,
        now,
      ],
    );
  }

  async recordAttempt(
    id: string,
    at: Date,
    result: AttemptResult,
    next: { status: WebhookDeliveryStatus; nextAttemptAt: Date | null },
  ): Promise<void> {
    await runSql(
      this.#em,
      `update webhook_deliveries
          set status = ?, next_attempt_at = ?, claimed_until = null, last_attempt_at = ?, response_status = ?,
              latency_ms = ?, response_body = ?, error = ?, updated_at = ?
        where id = ?`,
      [
        next.status,
        next.nextAttemptAt,
        at,
        result.responseStatus,
        result.latencyMs,
        result.responseBody,
        result.error === null ? null : result.error.slice(0, 1000),
        at,
        id,
      ],
    );
  }

  async failPending(endpointId: string, error: string, at: Date): Promise<number> {
    const rows = await runSql<{ id: string }>(
      this.#em,
      `update webhook_deliveries set status = 'failed', next_attempt_at = null, error = ?, updated_at = ?
        where endpoint_id = ? and status = 'pending' returning id`,
      [error, at, endpointId],
    );
    return rows.length;
  }

  async listForEndpoint(
    endpointId: string,
    page: { limit: number; before?: string | null | undefined },
  ): Promise<WebhookDeliveryPage> {
    const after = page.before ? parseCursor(page.before) : null;
    if (!isUuid(endpointId) || (page.before && !after)) return { items: [], nextCursor: null };
    const rows = await runSql<DeliveryRow>(
      this.#em,
      `select ${DELIVERY_COLUMNS} from webhook_deliveries
        where endpoint_id = ? ${after ? 'and (created_at, id) < (?, ?)' : ''}
        order by created_at desc, id desc
        limit ?`,
      [endpointId, ...(after ? [after.createdAt, after.id] : []), page.limit + 1],
    );
    const items = rows.slice(0, page.limit).map(toDelivery);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > page.limit && last ? cursorOf(last) : null };
  }
}
