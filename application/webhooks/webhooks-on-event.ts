/**
 * The outbox subscriber of the webhooks: a committed domain event becomes one queued delivery per endpoint
 * that should receive it (docs/decisions/0212-signed-webhooks.md). The worker sends them.
 */
import type { DomainEvent } from '../../domain/shared/events.ts';
import type { WebhookEndpoint } from '../../domain/webhook/endpoint.ts';
import {
  eventFingerprint,
  type ProjectPostedNotice,
  projectPostedData,
  type WebhookNotice,
  webhookBody,
  webhookNoticesFor,
} from '../../domain/webhook/events.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type {
  NewWebhookDelivery,
  WebhookDeliveryRepository,
  WebhookEndpointRepository,
  WebhookMarketplace,
  WebhookSigning,
} from './ports.ts';

interface Target {
  endpoint: WebhookEndpoint;
  data: object;
}

/**
 * Queues the deliveries of one event. The outbox delivers an event at least once, so this may run twice
 * for one event: each delivery's event id is derived from the event and the endpoint, and the queue keeps
 * one delivery per (endpoint, event id), so the second run queues nothing.
 * `wake` (the worker loop's) is called when something was queued, so it goes out without waiting a poll.
 */
export class WebhooksOnEvent extends UseCase<{
  endpoints: WebhookEndpointRepository;
  deliveries: WebhookDeliveryRepository;
  marketplace: WebhookMarketplace;
  signing: WebhookSigning;
  ids: IdGenerator;
  clock: Clock;
  wake?: (() => void) | undefined;
}> {
  /** Answers how many deliveries were queued. */
  async execute(event: DomainEvent): Promise<number> {
    const notices = webhookNoticesFor(event);
    if (notices.length === 0) return 0;
    const fingerprint = eventFingerprint(event);
    const now = this.deps.clock.now();
    const queued: NewWebhookDelivery[] = [];
    for (const notice of notices) {
      const targets =
        notice.type === 'project.posted' ? await this.#projectPosted(notice) : await this.#subscribed(notice);
      for (const { endpoint, data } of targets) {
        const eventId = this.deps.signing.eventId(`${notice.type}\n${fingerprint}`, endpoint.id);
        queued.push({
          id: this.deps.ids.next(),
          endpointId: endpoint.id,
          eventId,
          type: notice.type,
          payload: webhookBody(eventId, notice.type, notice.occurredAt, data),
          createdAt: now,
        });
      }
    }
    const count = queued.length === 0 ? 0 : await this.deps.deliveries.enqueue(queued);
    if (count > 0) this.deps.wake?.();
    return count;
  }

  async #subscribed(notice: WebhookNotice): Promise<Target[]> {
    if (notice.recipientIds.length === 0) return [];
    const endpoints = await this.deps.endpoints.subscribed(notice.type, notice.recipientIds);
    return endpoints.map((endpoint) => ({ endpoint, data: notice.data }));
  }

  /** The endpoints whose saved search the new project meets (the browse list's rules); never its owner's. */
  async #projectPosted(notice: ProjectPostedNotice): Promise<Target[]> {
    const endpoints = await this.deps.endpoints.projectPostedSubscribers(notice.projectId);
    if (endpoints.length === 0) return [];
    const project = await this.deps.marketplace.project(notice.projectId);
    if (!project) return [];
    return endpoints
      .filter((endpoint) => endpoint.savedSearchId !== null)
      .map((endpoint) => ({
        endpoint,
        data: projectPostedData(project, endpoint.savedSearchId as string),
      }));
  }
}
