import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type TSchema, Type } from 'typebox';
import { DEFAULT_DELIVERY_PAGE, MAX_DELIVERY_PAGE } from '#application/webhooks/index.ts';
import type { ErrorCode } from '#domain/shared/error-codes.ts';
import { MAX_ENDPOINTS_PER_USER } from '#domain/webhook/endpoint.ts';
import { WEBHOOK_ERRORS } from '#domain/webhook/errors.ts';
import { type OperationDoc, operation } from '../http/openapi.ts';
import {
  CreatedWebhookEndpointRef,
  toWebhookDeliveryDto,
  toWebhookEndpointDto,
  toWebhookSecretDto,
  WebhookDeliveryPageRef,
  WebhookDeliveryRef,
  WebhookEndpointRef,
  WebhookSecretRef,
  webhookFormFields,
} from '../http/schemas/webhook.ts';
import { type ErrorRef, errors } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

export const webhookNeeds = needs([
  'listWebhookEndpoints',
  'createWebhookEndpoint',
  'updateWebhookEndpoint',
  'deleteWebhookEndpoint',
  'revealWebhookSecret',
  'rollWebhookSecret',
  'listWebhookDeliveries',
  'resendWebhookDelivery',
  'sendTestWebhook',
]);

/** Every webhook operation: a session, or a token holding `webhooks:write` (decision 0211). */
const webhookOperation = (doc: Omit<OperationDoc, 'access' | 'scope'>) => ({
  tags: ['developers'],
  ...operation({ ...doc, access: 'session', scope: 'webhooks:write' }),
});

const FORM_ERRORS: ErrorCode[] = [
  'WEBHOOK_URL_REQUIRED',
  'WEBHOOK_URL_TOO_LONG',
  'WEBHOOK_URL_INVALID',
  'WEBHOOK_URL_NOT_HTTPS',
  'WEBHOOK_URL_NOT_ALLOWED',
  'WEBHOOK_DESCRIPTION_TOO_LONG',
  'WEBHOOK_EVENTS_REQUIRED',
  'UNKNOWN_WEBHOOK_EVENT',
  'WEBHOOK_SAVED_SEARCH_REQUIRED',
  'WEBHOOK_SAVED_SEARCH_NOT_FOUND',
];
const ENDPOINT_NOT_FOUND: ErrorCode[] = ['WEBHOOK_ENDPOINT_NOT_FOUND'];

const EndpointParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'The endpoint id' }) });

/**
 * An operation on one of the caller's endpoints (`{id}`), answering `success` with its schema: someone
 * else's endpoint is 404, as an unknown one.
 */
const onEndpoint = <T extends TSchema>(
  doc: Omit<OperationDoc, 'access' | 'scope'>,
  [status, schema]: [status: number, schema: T],
) => {
  const response: Record<number, T | typeof ErrorRef> = errors(400, 401, 403, 404);
  response[status] = schema;
  return {
    ...webhookOperation({ ...doc, errors: { 404: ENDPOINT_NOT_FOUND, ...doc.errors } }),
    params: EndpointParams,
    response,
  };
};
const FORM_EXAMPLE = {
  url: 'https://hooks.example.com/buildbid',
  description: 'Bids into our CRM',
  eventTypes: ['bid.received', 'message.received'],
};
const URL_RULES =
  'The URL is https (http://localhost and http://127.0.0.1 also in development), at most 2048 characters, ' +
  'without a user name or password; a host that resolves to a private, loopback or link-local address is ' +
  'refused (400 WEBHOOK_URL_NOT_ALLOWED). `project.posted` needs `savedSearchId`, one of your saved searches.';

/**
 * Webhook endpoints and their delivery log (docs/decisions/0212-signed-webhooks.md): the account remote's
 * Developer page, and third parties acting for a user with a token holding `webhooks:write`. Someone
 * else's endpoint or delivery is not found (404).
 */
export const webhookRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof webhookNeeds>> = async (
  app,
  { useCases },
) => {
  /** The caller's endpoint as the list shows it (at most 10 a user), or 404. */
  const ownEndpoint = async (owner: { id: string }, id: string) => {
    const endpoint = (await useCases.listWebhookEndpoints.execute(owner)).find((e) => e.id === id);
    if (!endpoint) throw WEBHOOK_ERRORS.WEBHOOK_ENDPOINT_NOT_FOUND();
    return endpoint;
  };

  app.get(
    '/api/webhooks/endpoints',
    {
      schema: {
        ...webhookOperation({
          id: 'listWebhookEndpoints',
          summary: 'Your webhook endpoints, newest first',
          description: 'Each with its event types and status (and why it is disabled). Never the secrets.',
          responses: { 200: 'Your endpoints' },
        }),
        response: { 200: Type.Array(WebhookEndpointRef), ...errors(401, 403) },
      },
    },
    async (request) => (await useCases.listWebhookEndpoints.execute(request.user)).map(toWebhookEndpointDto),
  );

  app.post(
    '/api/webhooks/endpoints',
    {
      schema: {
        ...webhookOperation({
          id: 'createWebhookEndpoint',
          summary: 'Add a webhook endpoint',
          description:
            `${URL_RULES} The answer holds the signing secret (\`whsec_…\`); reveal it again with ` +
            `revealWebhookSecret. At most ${MAX_ENDPOINTS_PER_USER} endpoints (409 WEBHOOK_LIMIT_REACHED).`,
          errors: { 400: FORM_ERRORS, 409: ['WEBHOOK_LIMIT_REACHED'] },
          responses: { 201: 'The endpoint, enabled, and its signing secret' },
        }),
        body: Type.Object(
          {
            url: webhookFormFields.url,
            description: Type.Optional(webhookFormFields.description),
            eventTypes: webhookFormFields.eventTypes,
            savedSearchId: Type.Optional(webhookFormFields.savedSearchId),
          },
          { examples: [FORM_EXAMPLE] },
        ),
        response: { 201: CreatedWebhookEndpointRef, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { endpoint, secret } = await useCases.createWebhookEndpoint.execute(request.user, request.body);
      return reply.status(201).send({ secret, endpoint: toWebhookEndpointDto(endpoint) });
    },
  );

  app.get(
    '/api/webhooks/endpoints/:id',
    {
      schema: onEndpoint(
        {
          id: 'getWebhookEndpoint',
          summary: 'One of your webhook endpoints',
          description: 'Without its secret (revealWebhookSecret).',
          responses: { 200: 'The endpoint' },
        },
        [200, WebhookEndpointRef],
      ),
    },
    async (request) => toWebhookEndpointDto(await ownEndpoint(request.user, request.params.id)),
  );

  app.patch(
    '/api/webhooks/endpoints/:id',
    {
      schema: {
        ...onEndpoint(
          {
            id: 'updateWebhookEndpoint',
            summary: 'Edit, enable or disable a webhook endpoint',
            description:
              `Fields left out keep their values. ${URL_RULES} \`enabled: false\` stops its deliveries (the ` +
              'pending ones fail); `enabled: true` enables it again, its failure count started afresh.',
            errors: { 400: FORM_ERRORS },
            responses: { 200: 'The endpoint as saved' },
          },
          [200, WebhookEndpointRef],
        ),
        body: Type.Object(
          {
            url: Type.Optional(webhookFormFields.url),
            description: Type.Optional(webhookFormFields.description),
            eventTypes: Type.Optional(webhookFormFields.eventTypes),
            savedSearchId: Type.Optional(webhookFormFields.savedSearchId),
            enabled: Type.Optional(Type.Boolean({ description: 'Whether it receives events' })),
          },
          { examples: [{ enabled: false }, FORM_EXAMPLE] },
        ),
      },
    },
    async (request) => {
      const { id } = request.params;
      const current = await ownEndpoint(request.user, id);
      const { url, description, eventTypes, savedSearchId, enabled } = request.body;
      const saved = await useCases.updateWebhookEndpoint.execute(request.user, id, {
        url: url ?? current.url,
        description: description === undefined ? current.description : description,
        eventTypes: eventTypes ?? current.eventTypes,
        savedSearchId: savedSearchId === undefined ? current.savedSearchId : savedSearchId,
        enabled,
      });
      return toWebhookEndpointDto(saved);
    },
  );

  app.delete(
    '/api/webhooks/endpoints/:id',
    {
      schema: onEndpoint(
        {
          id: 'deleteWebhookEndpoint',
          summary: 'Delete a webhook endpoint',
          description: 'Nothing more is sent to it, and its delivery log is deleted with it.',
          responses: { 204: 'Deleted' },
        },
        [204, Type.Null()],
      ),
    },
    async (request, reply) => {
      await useCases.deleteWebhookEndpoint.execute(request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Reveal and roll answer alike: the secrets that sign the endpoint's deliveries now.
  const secretOperations = [
    {
      method: 'GET',
      path: 'secret',
      useCase: useCases.revealWebhookSecret,
      doc: {
        id: 'revealWebhookSecret',
        summary: "Reveal a webhook endpoint's signing secret",
        description: 'The secret that signs its deliveries now, and during a roll the previous one too.',
        responses: { 200: 'The signing secrets' },
      },
    },
    {
      method: 'POST',
      path: 'secret/roll',
      useCase: useCases.rollWebhookSecret,
      doc: {
        id: 'rollWebhookSecret',
        summary: "Roll a webhook endpoint's signing secret",
        description:
          'A new secret signs from now on; the previous one keeps signing beside it for 24 hours (one `v1` ' +
          'per secret in the signature header), so a receiver switches without missing an event.',
        responses: { 200: 'The new secret and the previous one' },
      },
    },
  ] as const;
  for (const { method, path, useCase, doc } of secretOperations) {
    app.route({
      method,
      url: `/api/webhooks/endpoints/:id/${path}`,
      schema: onEndpoint(doc, [200, WebhookSecretRef]),
      handler: async (request) => toWebhookSecretDto(await useCase.execute(request.user, request.params.id)),
    });
  }

  app.post(
    '/api/webhooks/endpoints/:id/test',
    {
      schema: onEndpoint(
        {
          id: 'sendTestWebhook',
          summary: 'Send a test event to a webhook endpoint',
          description:
            'Posts a signed `ping` event now, enabled or not, and answers how the attempt went (a failure is ' +
            'not retried). It is kept in the delivery log.',
          responses: { 201: 'The test delivery after its attempt' },
        },
        [201, WebhookDeliveryRef],
      ),
    },
    async (request, reply) => {
      const delivery = await useCases.sendTestWebhook.execute(request.user, request.params.id);
      return reply.status(201).send(toWebhookDeliveryDto(delivery));
    },
  );

  app.get(
    '/api/webhooks/endpoints/:id/deliveries',
    {
      schema: {
        ...onEndpoint(
          {
            id: 'listWebhookDeliveries',
            summary: "A webhook endpoint's delivery log, newest first",
            description:
              'Each event sent to it with its status, attempts and the last answer. A page at a time: give ' +
              "the answer's `nextCursor` as `before` for the next one.",
            responses: { 200: 'A page of deliveries' },
          },
          [200, WebhookDeliveryPageRef],
        ),
        querystring: Type.Object({
          limit: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: MAX_DELIVERY_PAGE,
              description: `At most this many (default ${DEFAULT_DELIVERY_PAGE}, max ${MAX_DELIVERY_PAGE})`,
            }),
          ),
          before: Type.Optional(
            Type.String({ maxLength: 200, description: "The previous page's `nextCursor`" }),
          ),
        }),
      },
    },
    async (request) => {
      const page = await useCases.listWebhookDeliveries.execute(
        request.user,
        request.params.id,
        request.query,
      );
      return { items: page.items.map(toWebhookDeliveryDto), nextCursor: page.nextCursor };
    },
  );

  app.post(
    '/api/webhooks/deliveries/:id/resend',
    {
      schema: {
        ...webhookOperation({
          id: 'resendWebhookDelivery',
          summary: 'Resend a webhook delivery',
          description:
            'Attempts the delivery now with the same event id and answers how it went. One still being ' +
            'retried keeps its schedule if this attempt fails; one that had finished gets just this attempt. ' +
            '409 WEBHOOK_DELIVERY_IN_PROGRESS while it is being sent.',
          errors: { 404: ['WEBHOOK_DELIVERY_NOT_FOUND'], 409: ['WEBHOOK_DELIVERY_IN_PROGRESS'] },
          responses: { 200: 'The delivery after the attempt' },
        }),
        params: Type.Object({ id: Type.String({ format: 'uuid', description: 'The delivery id' }) }),
        response: { 200: WebhookDeliveryRef, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      toWebhookDeliveryDto(await useCases.resendWebhookDelivery.execute(request.user, request.params.id)),
  );
};
