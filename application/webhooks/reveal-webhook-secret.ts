import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { WebhookEndpointRepository } from './ports.ts';
import { ownEndpoint, secretsOf, type WebhookOwner, type WebhookSecrets } from './shared.ts';

/** 'Reveal secret': the secrets that sign the endpoint's deliveries now. */
export class RevealWebhookSecret extends UseCase<{ endpoints: WebhookEndpointRepository; clock: Clock }> {
  async execute(owner: WebhookOwner, id: string): Promise<WebhookSecrets> {
    return secretsOf(await ownEndpoint(this.deps.endpoints, owner, id), this.deps.clock.now());
  }
}
