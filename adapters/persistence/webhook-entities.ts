import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { ownerUserId } from './entities.ts';
import { SavedSearchRecord } from './sql-entities.ts';

/**
 * A webhook endpoint (decision 0212, Migration20270301000001_third_parties), written by SqlWebhookEndpoints: its
 * event types space-separated, its secrets as they sign (an HMAC needs the secret itself, not a hash).
 */
const WebhookEndpointRecord = defineEntity({
  name: 'WebhookEndpointRecord',
  tableName: 'webhook_endpoints',
  properties: {
    id: p.uuid().primary(),
    ownerUserId: ownerUserId(),
    appId: p.uuid().nullable(),
    url: p.string().length(2048),
    description: p.string().length(500),
    eventTypes: p.string().length(400),
    savedSearchId: p
      .manyToOne(SavedSearchRecord)
      .mapToPk()
      .fieldName('saved_search_id')
      .nullable()
      .updateRule('cascade')
      .deleteRule('set null'),
    secret: p.string().length(100),
    previousSecret: p.string().length(100).nullable(),
    previousSecretExpiresAt: p.datetime().columnType('timestamptz').nullable(),
    status: p.string().length(10),
    disabledReason: p.string().length(30).nullable(),
    disabledAt: p.datetime().columnType('timestamptz').nullable(),
    failingSince: p.datetime().columnType('timestamptz').nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
  indexes: [{ name: 'webhook_endpoints_user_id_created_at_index', properties: ['ownerUserId', 'createdAt'] }],
});

/**
 * One event's delivery to one endpoint (decision 0212), written by SqlWebhookDeliveries: the queue the
 * workers claim from (status, next_attempt_at, claimed_until) and the endpoint's delivery log.
 */
const WebhookDeliveryRecord = defineEntity({
  name: 'WebhookDeliveryRecord',
  tableName: 'webhook_deliveries',
  properties: {
    id: p.uuid().primary(),
    endpointId: p
      .manyToOne(WebhookEndpointRecord)
      .mapToPk()
      .fieldName('endpoint_id')
      .updateRule('cascade')
      .deleteRule('cascade'),
    eventId: p.string().length(40),
    type: p.string().length(40),
    payload: p.text(),
    status: p.string().length(10),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().columnType('timestamptz').nullable(),
    claimedUntil: p.datetime().columnType('timestamptz').nullable(),
    lastAttemptAt: p.datetime().columnType('timestamptz').nullable(),
    responseStatus: p.integer().nullable(),
    latencyMs: p.integer().nullable(),
    responseBody: p.text().nullable(),
    error: p.text().nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
  uniques: [
    { name: 'webhook_deliveries_endpoint_id_event_id_unique', properties: ['endpointId', 'eventId'] },
  ],
  indexes: [
    { name: 'webhook_deliveries_status_next_attempt_at_index', properties: ['status', 'nextAttemptAt'] },
    { name: 'webhook_deliveries_endpoint_id_created_at_index', properties: ['endpointId', 'createdAt'] },
  ],
});

/** The webhook mappings, for the ORM's entity list. */
export const WEBHOOK_RECORDS = [WebhookEndpointRecord, WebhookDeliveryRecord] as const;
