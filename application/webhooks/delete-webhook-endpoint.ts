import { WEBHOOK_ERRORS } from '../../domain/webhook/errors.ts';
import { UseCase } from '../shared/use-case.ts';
import type { WebhookEndpointRepository } from './ports.ts';
import type { WebhookOwner } from './shared.ts';

/** Deletes the endpoint with its delivery log; nothing more is sent to it. */
export class DeleteWebhookEndpoint extends UseCase<{ endpoints: WebhookEndpointRepository }> {
  async execute(owner: WebhookOwner, id: string): Promise<void> {
    if (!(await this.deps.endpoints.remove(owner.id, id))) throw WEBHOOK_ERRORS.WEBHOOK_ENDPOINT_NOT_FOUND();
  }
}
