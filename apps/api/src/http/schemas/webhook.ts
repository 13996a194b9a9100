import { type Static, type TProperties, Type } from 'typebox';
import type { WebhookSecrets } from '#application/webhooks/index.ts';
import { PROJECT_PHASES } from '#domain/project/phase.ts';
import { DELIVERY_TIMEOUT_MS, type WebhookDelivery } from '#domain/webhook/delivery.ts';
import {
  MAX_WEBHOOK_DESCRIPTION_LENGTH,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpointView,
  type WebhookEventType,
} from '#domain/webhook/endpoint.ts';
import type { WebhookDeliveryType, WebhookEventData } from '#domain/webhook/events.ts';
import { dateTime, iso, money, nullable, refTo, uuid } from './common.ts';

// ---- Webhook endpoints and their deliveries (docs/decisions/0212-signed-webhooks.md) ----------------

const SIGNATURE_HEADER = 'BuildBid-Signature';
const SIGNATURE_EXAMPLE = 't=1772366400,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd';
const ENDPOINT_ID = '3c9e7a1f-5b2d-4e8a-9f6c-1d2b3a4c5e6f';
const DELIVERY_ID = '8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d';
const EVENT_ID = 'evt_9f86d081884c7d659a2feaa0c55ad015';
const SECRET_EXAMPLE = 'whsec_Qm9vbWVyYW5nLWJ1aWxkYmlkLXNpZ25pbmctc2VjcmV0';

const WebhookEventTypeSchema = Type.Unsafe<WebhookEventType>({
  type: 'string',
  enum: [...WEBHOOK_EVENT_TYPES],
  description: 'An event type an endpoint can receive',
});

const WebhookEndpointSchema = Type.Object(
  {
    id: uuid(),
    url: Type.String({
      description:
        'Where the events are posted: an https URL (http://localhost and http://127.0.0.1 also in development)',
    }),
    description: Type.String({ description: 'What its owner noted about it; may be empty' }),
    eventTypes: Type.Array(WebhookEventTypeSchema, { description: 'The event types it receives' }),
    savedSearchId: nullable(
      uuid('With `project.posted`: the saved search of yours whose new projects it receives; otherwise null'),
    ),
    status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')], {
      description: 'A disabled endpoint receives nothing (test events excepted)',
    }),
    disabledReason: Type.Union(
      [Type.Literal('disabled_by_owner'), Type.Literal('deliveries_failing'), Type.Null()],
      {
        description:
          'Why it is disabled: its owner turned it off, or its deliveries failed for 3 days (its owner got a mail); null while enabled',
      },
    ),
    disabledAt: nullable(dateTime()),
    failingSince: nullable(
      dateTime(
        'When the first of its failed attempts since its last success was made; null when none failed',
      ),
    ),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  },
  {
    $id: 'WebhookEndpoint',
    additionalProperties: false,
    description: 'A webhook endpoint, without its signing secret (revealed one endpoint at a time)',
    examples: [
      {
        id: ENDPOINT_ID,
        url: 'https://hooks.example.com/buildbid',
        description: 'Bids into our CRM',
        eventTypes: ['bid.received', 'message.received'],
        savedSearchId: null,
        status: 'enabled',
        disabledReason: null,
        disabledAt: null,
        failingSince: null,
        createdAt: '2027-03-01T12:00:00.000Z',
        updatedAt: '2027-03-01T12:00:00.000Z',
      },
    ],
  },
);
export const WebhookEndpointRef = refTo(WebhookEndpointSchema);

const WebhookSecretSchema = Type.Object(
  {
    secret: Type.String({
      description: `The signing secret (\`whsec_…\`): the key of the HMAC-SHA256 in the ${SIGNATURE_HEADER} header`,
    }),
    previousSecret: nullable(
      Type.String({ description: 'After a roll: the secret before it, which still signs until it expires' }),
    ),
    previousSecretExpiresAt: nullable(
      dateTime('When the previous secret stops signing (24 hours after the roll)'),
    ),
  },
  {
    $id: 'WebhookSecret',
    additionalProperties: false,
    description: "The secrets that sign an endpoint's deliveries now: one, or two for 24 hours after a roll",
    examples: [{ secret: SECRET_EXAMPLE, previousSecret: null, previousSecretExpiresAt: null }],
  },
);
export const WebhookSecretRef = refTo(WebhookSecretSchema);

const CreatedWebhookEndpointSchema = Type.Object(
  {
    secret: Type.String({
      description: `The signing secret (\`whsec_…\`) that verifies the ${SIGNATURE_HEADER} header of each delivery`,
    }),
    endpoint: WebhookEndpointRef,
  },
  {
    $id: 'CreatedWebhookEndpoint',
    additionalProperties: false,
    description: 'A new endpoint and its signing secret',
  },
);
export const CreatedWebhookEndpointRef = refTo(CreatedWebhookEndpointSchema);

const DELIVERY_EXAMPLE = {
  id: DELIVERY_ID,
  endpointId: ENDPOINT_ID,
  eventId: EVENT_ID,
  type: 'bid.received',
  status: 'succeeded',
  attempts: 1,
  nextAttemptAt: null,
  lastAttemptAt: '2027-03-01T12:00:01.000Z',
  responseStatus: 200,
  latencyMs: 84,
  responseBody: 'ok',
  error: null,
  payload:
    '{"id":"evt_9f86d081884c7d659a2feaa0c55ad015","type":"bid.received","created":1772366400,"data":{}}',
  createdAt: '2027-03-01T12:00:00.000Z',
  updatedAt: '2027-03-01T12:00:01.000Z',
};

const WebhookDeliverySchema = Type.Object(
  {
    id: uuid(),
    endpointId: uuid(),
    eventId: Type.String({ description: "The payload's `id` (`evt_…`): the same on every attempt" }),
    type: Type.Unsafe<WebhookDeliveryType>({
      type: 'string',
      enum: [...WEBHOOK_EVENT_TYPES, 'ping'],
      description: "The event's type; `ping` for a test event",
    }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')], {
      description:
        "'pending': being retried (see nextAttemptAt); 'succeeded': the endpoint answered 2xx; 'failed': no more attempts",
    }),
    attempts: Type.Integer({ minimum: 0, description: 'Attempts made so far, resends included' }),
    nextAttemptAt: nullable(dateTime('When the next attempt is due; null once it succeeded or failed')),
    lastAttemptAt: nullable(dateTime()),
    responseStatus: nullable(
      Type.Integer({ description: 'The HTTP status of the last answer; null when none came' }),
    ),
    latencyMs: nullable(Type.Integer({ description: 'How long the last attempt took, in milliseconds' })),
    responseBody: nullable(Type.String({ description: 'The first 1 KB of the last answer' })),
    error: nullable(
      Type.String({
        description:
          'Why the last attempt failed without an HTTP answer (timeout, refused address, DNS, TLS)',
      }),
    ),
    payload: Type.String({ description: 'The body sent, byte for byte, on every attempt (JSON text)' }),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  },
  {
    $id: 'WebhookDelivery',
    additionalProperties: false,
    description: 'One event sent to one endpoint, with the outcome of its last attempt',
    examples: [DELIVERY_EXAMPLE],
  },
);
export const WebhookDeliveryRef = refTo(WebhookDeliverySchema);

const WebhookDeliveryPageSchema = Type.Object(
  {
    items: Type.Array(WebhookDeliveryRef, { description: 'Newest first' }),
    nextCursor: nullable(
      Type.String({ description: 'Give it as `before` for the next page; null on the last page' }),
    ),
  },
  {
    $id: 'WebhookDeliveryPage',
    additionalProperties: false,
    description: "A page of an endpoint's delivery log",
    examples: [{ items: [DELIVERY_EXAMPLE], nextCursor: null }],
  },
);
export const WebhookDeliveryPageRef = refTo(WebhookDeliveryPageSchema);

/** The endpoint form's body: the same limits as the domain's, a little wider, so its messages answer. */
export const webhookFormFields = {
  url: Type.String({
    maxLength: MAX_WEBHOOK_URL_LENGTH * 2,
    description: `https, at most ${MAX_WEBHOOK_URL_LENGTH} characters, without a user name or password`,
  }),
  description: nullable(
    Type.String({
      maxLength: MAX_WEBHOOK_DESCRIPTION_LENGTH * 2,
      description: `At most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters`,
    }),
  ),
  eventTypes: Type.Array(Type.String({ maxLength: 100 }), {
    maxItems: 50,
    description: `One or more of ${WEBHOOK_EVENT_TYPES.map((type) => `\`${type}\``).join(', ')}`,
  }),
  savedSearchId: nullable(
    Type.String({
      maxLength: 100,
      description: 'Required with `project.posted`: one of your saved searches; ignored without it',
    }),
  ),
};

export function toWebhookEndpointDto(endpoint: WebhookEndpointView): Static<typeof WebhookEndpointSchema> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: endpoint.eventTypes,
    savedSearchId: endpoint.savedSearchId,
    status: endpoint.status,
    disabledReason: endpoint.disabledReason,
    disabledAt: iso(endpoint.disabledAt),
    failingSince: iso(endpoint.failingSince),
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

export function toWebhookSecretDto(secrets: WebhookSecrets): Static<typeof WebhookSecretSchema> {
  return { ...secrets, previousSecretExpiresAt: iso(secrets.previousSecretExpiresAt) };
}

export function toWebhookDeliveryDto(delivery: WebhookDelivery): Static<typeof WebhookDeliverySchema> {
  return {
    ...delivery,
    nextAttemptAt: iso(delivery.nextAttemptAt),
    lastAttemptAt: iso(delivery.lastAttemptAt),
    createdAt: delivery.createdAt.toISOString(),
    updatedAt: delivery.updatedAt.toISOString(),
  };
}

// ---- The events a receiver gets (the document's `webhooks`) -----------------------------------------

const id = (what: string) => uuid(what);
const title = Type.String({ description: "The project's title" });
const PROJECT = {
  projectId: '0d1c2b3a-4f5e-4a6b-8c7d-9e0f1a2b3c4d',
  projectTitle: 'Kitchen remodel in Nassau',
};
const BID = { ...PROJECT, bidId: '2b3c4d5e-6f70-4a81-9b2c-3d4e5f607182' };
const BIDDER = { contractorId: '7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281', amount: '12500.00' };

interface EventDoc<T extends WebhookDeliveryType> {
  summary: string;
  data: TProperties;
  /** Typed as the domain's `data`, so the examples follow it. */
  example: WebhookEventData[T];
}

const projectFields = { projectId: id('The project'), projectTitle: title };
const bidFields = { bidId: id('The bid'), ...projectFields };
const bidderFields = { contractorId: id('The bidder'), amount: money('The bid, in USD') };

/** Each event type's `data` (WebhookEventData in domain/webhook/events.ts), for the document. */
const EVENTS: { [T in WebhookDeliveryType]: EventDoc<T> } = {
  'project.posted': {
    summary: "A new project that meets the endpoint's saved search (never the receiver's own project)",
    data: {
      ...projectFields,
      services: Type.Array(Type.String(), { description: "The project's services" }),
      country: Type.String({ description: 'Two-letter country code' }),
      savedSearchId: id('The saved search the project meets'),
    },
    example: {
      ...PROJECT,
      services: ['Kitchen remodeling'],
      country: 'BS',
      savedSearchId: '6f1c2a9e-3b7d-4c1e-9a2f-8d5e4b3c2a10',
    },
  },
  'bid.received': {
    summary: "A bid on the receiver's project",
    data: { ...bidFields, ...bidderFields },
    example: { ...BID, ...BIDDER },
  },
  'bid.accepted': { summary: "The receiver's bid was accepted", data: bidFields, example: BID },
  'bid.rejected': {
    summary: "The receiver's bid was not accepted: declined, another bid accepted, or the project cancelled",
    data: {
      ...bidFields,
      reason: Type.Union([
        Type.Literal('declined'),
        Type.Literal('another_bid_accepted'),
        Type.Literal('project_cancelled'),
      ]),
    },
    example: { ...BID, reason: 'declined' },
  },
  'bid.withdrawn': {
    summary: "A pending bid on the receiver's project was withdrawn (its bidder deleted their account)",
    data: {
      ...bidFields,
      ...bidderFields,
      reason: Type.Union([Type.Literal('account_deleted'), Type.Literal('account_suspended')]),
    },
    example: { ...BID, ...BIDDER, reason: 'account_deleted' },
  },
  'message.received': {
    summary: 'A message to the receiver',
    data: {
      messageId: id('The message'),
      senderId: id('Who sent it'),
      senderName: Type.String({ description: "The sender's name" }),
      projectId: nullable(id('The project it is about, if any')),
      preview: Type.String({ description: 'A short single line of the message' }),
    },
    example: {
      messageId: '4d5e6f70-8192-4a3b-8c4d-5e6f708192a3',
      senderId: BIDDER.contractorId,
      senderName: 'Marcus Rolle',
      projectId: PROJECT.projectId,
      preview: 'We can start on the 14th.',
    },
  },
  'question.asked': {
    summary: "A question on the receiver's project",
    data: { questionId: id('The question'), ...projectFields },
    example: { questionId: '5e6f7081-92a3-4b4c-9d5e-6f708192a3b4', ...PROJECT },
  },
  'question.answered': {
    summary:
      "An answer to the receiver's question, or a public answer or clarification on a project they bid on",
    data: {
      questionId: id('The question or clarification'),
      kind: Type.Union([Type.Literal('question'), Type.Literal('clarification')]),
      ...projectFields,
    },
    example: { questionId: '5e6f7081-92a3-4b4c-9d5e-6f708192a3b4', kind: 'question', ...PROJECT },
  },
  'project.deadline_changed': {
    summary: 'The bid deadline of a project the receiver bid on moved',
    data: {
      ...projectFields,
      previousDeadline: nullable(dateTime()),
      bidDeadline: nullable(dateTime('The new deadline; null: the project no longer has one')),
    },
    example: { ...PROJECT, previousDeadline: null, bidDeadline: '2027-04-15T00:00:00.000Z' },
  },
  'project.addendum_posted': {
    summary: 'The owner of a project the receiver bid on posted an addendum',
    data: { ...projectFields, addendumId: id('The addendum') },
    example: { ...PROJECT, addendumId: '6f708192-a3b4-4c5d-8e6f-708192a3b4c5' },
  },
  'project.phase_changed': {
    summary: 'The project the receiver was awarded moved to another phase',
    data: {
      ...projectFields,
      from: Type.String({ description: `A phase: ${PROJECT_PHASES.join(', ')}` }),
      to: Type.String({ description: 'The phase it is in now' }),
    },
    example: { ...PROJECT, from: 'awarded', to: 'in_progress' },
  },
  ping: {
    summary: "The test event ('Send test event'); its id is new each time",
    data: { endpointId: id('The endpoint'), message: Type.String() },
    example: { endpointId: ENDPOINT_ID, message: 'A test event from BuildBid' },
  },
};

/** 'bid.received' → 'BidReceived'. */
const pascal = (type: string) =>
  type
    .split(/[._]/)
    .map((word) => `${word[0]?.toUpperCase()}${word.slice(1)}`)
    .join('');

/** 'bid.received' → 'bidReceived'. */
const camel = (type: string) => `${pascal(type).charAt(0).toLowerCase()}${pascal(type).slice(1)}`;

/** The body of one event type: `{ id, type, created, data }`, registered as `<Type>WebhookEvent`. */
function eventSchema(type: WebhookDeliveryType) {
  const { summary, data, example } = EVENTS[type];
  const name = `${pascal(type)}WebhookEvent`;
  const schema = Type.Object(
    {
      id: Type.String({
        pattern: '^evt_[0-9a-f]{32}$',
        description: 'The same on every attempt of this event to this endpoint: drop repeats by it',
      }),
      type: Type.Literal(type),
      created: Type.Integer({ description: 'When the event happened, in Unix seconds (UTC)' }),
      data: Type.Object(data, { additionalProperties: false }),
    },
    {
      $id: name,
      additionalProperties: false,
      description: summary,
      examples: [{ id: EVENT_ID, type, created: 1772366400, data: example }],
    },
  );
  return { type, name, summary, schema };
}

const EVENT_SCHEMAS = (Object.keys(EVENTS) as WebhookDeliveryType[]).map(eventSchema);

/**
 * The document's `webhooks` (OpenAPI 3.1): for each event type, the POST a receiver gets, its body and
 * its signature header.
 */
export function webhookEventsDocument(): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_SCHEMAS.map(({ type, name, summary }) => [
      type,
      {
        post: {
          operationId: `${camel(type)}Event`,
          tags: ['developers'],
          summary,
          description:
            `Posted to each enabled endpoint that takes \`${type}\` and whose owner the event concerns. ` +
            `Verify the ${SIGNATURE_HEADER} header on the raw body before parsing it (docs/api.md › Webhooks); ` +
            'drop an event whose `id` you have seen.',
          security: [],
          parameters: [
            {
              name: SIGNATURE_HEADER,
              in: 'header',
              required: true,
              description:
                '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the whsec_ secret>`; ' +
                'one `v1` per valid secret (two for 24 hours after a roll). Refuse a `t` more than 5 minutes away.',
              schema: { type: 'string' },
              example: SIGNATURE_EXAMPLE,
            },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
          },
          responses: {
            '2XX': { description: `Received. Answer within ${DELIVERY_TIMEOUT_MS / 1000} seconds.` },
            default: {
              description:
                'Any other answer, a redirect, or none in time fails the attempt: it is retried after 1 min, ' +
                '5 min, 30 min, 2 h, 5 h, then every 10 h for 3 days. An endpoint failing for 3 days is disabled.',
            },
          },
        },
      },
    ]),
  );
}

export const WEBHOOK_SCHEMAS = [
  WebhookEndpointSchema,
  CreatedWebhookEndpointSchema,
  WebhookSecretSchema,
  WebhookDeliverySchema,
  WebhookDeliveryPageSchema,
  ...EVENT_SCHEMAS.map((event) => event.schema),
];
