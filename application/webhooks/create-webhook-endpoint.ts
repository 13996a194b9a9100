import {
  MAX_ENDPOINTS_PER_USER,
  newWebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEndpointView,
  webhookEndpointView,
} from '../../domain/webhook/endpoint.ts';
import { WEBHOOK_ERRORS } from '../../domain/webhook/errors.ts';
import type { IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { WebhookSigning } from './ports.ts';
import { checkReferences, type FormDeps, type WebhookOwner } from './shared.ts';

/** 'Add endpoint': answers the endpoint and its signing secret. */
export class CreateWebhookEndpoint extends UseCase<FormDeps & { signing: WebhookSigning; ids: IdGenerator }> {
  async execute(
    owner: WebhookOwner,
    input: WebhookEndpointInput,
  ): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
    const secret = this.deps.signing.newSecret();
    const endpoint = newWebhookEndpoint(
      { ...input, id: this.deps.ids.next(), ownerUserId: owner.id, secret, now: this.deps.clock.now() },
      this.deps.settings.mode,
    );
    await checkReferences(this.deps, endpoint);
    await this.deps.endpoints.add(endpoint, (count) => {
      if (count >= MAX_ENDPOINTS_PER_USER) throw WEBHOOK_ERRORS.WEBHOOK_LIMIT_REACHED();
    });
    return { endpoint: webhookEndpointView(endpoint), secret };
  }
}
