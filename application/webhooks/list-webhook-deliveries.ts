import { UseCase } from '../shared/use-case.ts';
import type { WebhookDeliveryPage, WebhookDeliveryRepository, WebhookEndpointRepository } from './ports.ts';
import { ownEndpoint, type WebhookOwner } from './shared.ts';

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
