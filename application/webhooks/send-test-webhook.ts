import type { WebhookDelivery } from '../../domain/webhook/delivery.ts';
import { TEST_EVENT_TYPE } from '../../domain/webhook/endpoint.ts';
import { webhookBody } from '../../domain/webhook/events.ts';
import type { IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { type AttemptDeps, attemptDelivery, ownEndpoint, type WebhookOwner } from './shared.ts';

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
