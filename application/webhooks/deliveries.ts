/**
 * The delivery log of an endpoint, and the two attempts its owner makes by hand: 'Resend' (a new attempt
 * of a past delivery, with the same event id) and 'Send test event' (docs/decisions/0212-signed-webhooks.md).
 */
import type { WebhookDelivery } from '../../domain/webhook/delivery.ts';
import { TEST_EVENT_TYPE } from '../../domain/webhook/endpoint.ts';
import { WEBHOOK_ERRORS } from '../../domain/webhook/errors.ts';
import { webhookBody } from '../../domain/webhook/events.ts';
import type { IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { type AttemptDeps, attemptDelivery } from './dispatcher.ts';
import { ownEndpoint, type WebhookOwner } from './endpoints.ts';
import type { WebhookDeliveryPage, WebhookDeliveryRepository, WebhookEndpointRepository } from './ports.ts';

export const DEFAULT_DELIVERY_PAGE = 20;
export const MAX_DELIVERY_PAGE = 100;

/** The endpoint's deliveries, newest first, a page at a time (`before`: the previous page's nextCursor). */
export class ListWebhookDeliveries extends UseCase<{
  endpoints: WebhookEndpointRepository;
  deliveries: WebhookDeliveryRepository;
}> {
  async execute(
    owner: WebhookOwner,
    endpointId: string,
    page: { limit?: number | undefined; before?: string | null | undefined } = {},
  ): Promise<WebhookDeliveryPage> {
    const endpoint = await ownEndpoint(this.deps.endpoints, owner, endpointId);
    const limit = Math.min(MAX_DELIVERY_PAGE, Math.max(1, Math.trunc(page.limit ?? DEFAULT_DELIVERY_PAGE)));
    return this.deps.deliveries.listForEndpoint(endpoint.id, { limit, before: page.before });
  }
}

/**
 * 'Resend': attempts the delivery now and answers how it went. A delivery still being retried keeps its
 * schedule if this attempt fails; one that had finished gets just this attempt.
 */
export class ResendWebhookDelivery extends UseCase<AttemptDeps> {
  async execute(owner: WebhookOwner, deliveryId: string): Promise<WebhookDelivery> {
    const now = this.deps.clock.now();
    const claimed = await this.deps.deliveries.claimForResend(
      owner.id,
      deliveryId,
      now,
      this.deps.settings.leaseMs,
    );
    if (claimed === null) throw WEBHOOK_ERRORS.WEBHOOK_DELIVERY_NOT_FOUND();
    if (claimed === 'busy') throw WEBHOOK_ERRORS.WEBHOOK_DELIVERY_IN_PROGRESS();
    return attemptDelivery(this.deps, claimed, now, claimed.delivery.status === 'pending');
  }
}

/** 'Send test event': a `ping` to the endpoint now, enabled or not, kept in its log; never retried. */
export class SendTestWebhook extends UseCase<AttemptDeps & { ids: IdGenerator }> {
  async execute(owner: WebhookOwner, endpointId: string): Promise<WebhookDelivery> {
    const now = this.deps.clock.now();
    const endpoint = await ownEndpoint(this.deps.endpoints, owner, endpointId);
    const eventId = this.deps.signing.randomEventId();
    const data = { endpointId: endpoint.id, message: 'A test event from BuildBid' };
    const delivery: WebhookDelivery = {
      id: this.deps.ids.next(),
      endpointId: endpoint.id,
      eventId,
      type: TEST_EVENT_TYPE,
      payload: webhookBody(eventId, TEST_EVENT_TYPE, now, data),
      status: 'pending',
      attempts: 1,
      nextAttemptAt: null,
      lastAttemptAt: null,
      responseStatus: null,
      latencyMs: null,
      responseBody: null,
      error: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.deliveries.addClaimed(delivery, now, this.deps.settings.leaseMs);
    return attemptDelivery(this.deps, { delivery, endpoint }, now, false);
  }
}
