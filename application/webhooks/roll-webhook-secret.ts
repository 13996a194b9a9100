import { rollWebhookSecret } from '../../domain/webhook/endpoint.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { WebhookEndpointRepository, WebhookSigning } from './ports.ts';
import { ownEndpoint, secretsOf, type WebhookOwner, type WebhookSecrets } from './shared.ts';

/** 'Roll secret': a new secret signs from now on; the previous one signs beside it for 24 hours. */
export class RollWebhookSecret extends UseCase<{
  endpoints: WebhookEndpointRepository;
  signing: WebhookSigning;
  clock: Clock;
}> {
  async execute(owner: WebhookOwner, id: string): Promise<WebhookSecrets> {
    const now = this.deps.clock.now();
    const current = await ownEndpoint(this.deps.endpoints, owner, id);
    const endpoint = rollWebhookSecret(current, this.deps.signing.newSecret(), now);
    await this.deps.endpoints.save(endpoint);
    return secretsOf(endpoint, now);
  }
}
