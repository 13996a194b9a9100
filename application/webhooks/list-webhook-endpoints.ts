import { type WebhookEndpointView, webhookEndpointView } from '../../domain/webhook/endpoint.ts';
import { UseCase } from '../shared/use-case.ts';
import type { WebhookEndpointRepository } from './ports.ts';
import type { WebhookOwner } from './shared.ts';

/** The owner's endpoints, newest first, without their secrets. */
export class ListWebhookEndpoints extends UseCase<{ endpoints: WebhookEndpointRepository }> {
  async execute(owner: WebhookOwner): Promise<WebhookEndpointView[]> {
    return (await this.deps.endpoints.listForOwner(owner.id)).map(webhookEndpointView);
  }
}
