import {
  editWebhookEndpoint,
  setWebhookEndpointEnabled,
  type WebhookEndpointInput,
  type WebhookEndpointView,
  webhookEndpointView,
} from '../../domain/webhook/endpoint.ts';
import { UseCase } from '../shared/use-case.ts';
import type { WebhookDeliveryRepository } from './ports.ts';
import { checkReferences, type FormDeps, ownEndpoint, type WebhookOwner } from './shared.ts';

/**
 * Saves the endpoint form (url, description, event types, saved search) and, when `enabled` is given,
 * enables or disables it. Disabling fails its pending deliveries: a disabled endpoint receives nothing.
 */
export class UpdateWebhookEndpoint extends UseCase<FormDeps & { deliveries: WebhookDeliveryRepository }> {
  async execute(
    owner: WebhookOwner,
    id: string,
    input: WebhookEndpointInput & { enabled?: boolean | undefined },
  ): Promise<WebhookEndpointView> {
    const now = this.deps.clock.now();
    const current = await ownEndpoint(this.deps.endpoints, owner, id);
    let endpoint = editWebhookEndpoint(current, input, this.deps.settings.mode, now);
    await checkReferences(this.deps, endpoint);
    if (input.enabled !== undefined) endpoint = setWebhookEndpointEnabled(endpoint, input.enabled, now);
    await this.deps.endpoints.save(endpoint);
    if (current.status === 'enabled' && endpoint.status === 'disabled') {
      await this.deps.deliveries.failPending(endpoint.id, 'The endpoint was disabled by its owner', now);
    }
    return webhookEndpointView(endpoint);
  }
}
