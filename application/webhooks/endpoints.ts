/**
 * Managing webhook endpoints: the owner's Developer page registers, edits, lists, enables and disables,
 * deletes them and reveals and rolls their secrets (docs/decisions/0212-signed-webhooks.md).
 */
import {
  editWebhookEndpoint,
  MAX_ENDPOINTS_PER_USER,
  newWebhookEndpoint,
  rollWebhookSecret,
  setWebhookEndpointEnabled,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEndpointView,
  webhookEndpointView,
} from '../../domain/webhook/endpoint.ts';
import { WEBHOOK_ERRORS } from '../../domain/webhook/errors.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type {
  WebhookAddressGuard,
  WebhookDeliveryRepository,
  WebhookEndpointRepository,
  WebhookMarketplace,
  WebhookSettings,
  WebhookSigning,
} from './ports.ts';

/** Who acts: the signed-in user (a User satisfies this). */
export interface WebhookOwner {
  readonly id: string;
}

/** What saving the endpoint form needs besides the repository. */
interface FormDeps {
  endpoints: WebhookEndpointRepository;
  guard: WebhookAddressGuard;
  marketplace: WebhookMarketplace;
  settings: Pick<WebhookSettings, 'mode'>;
  clock: Clock;
}

/** The owner's endpoint, or WEBHOOK_ENDPOINT_NOT_FOUND (another user's endpoint is not found either). */
export async function ownEndpoint(
  endpoints: WebhookEndpointRepository,
  owner: WebhookOwner,
  id: string,
): Promise<WebhookEndpoint> {
  const endpoint = await endpoints.find(owner.id, id);
  if (!endpoint) throw WEBHOOK_ERRORS.WEBHOOK_ENDPOINT_NOT_FOUND();
  return endpoint;
}

/** The checks the domain cannot make: the URL's host is one we may call, the saved search is the owner's. */
async function checkReferences(deps: FormDeps, endpoint: WebhookEndpoint): Promise<void> {
  const refusal = await deps.guard.refusal(endpoint.url);
  if (refusal !== null) throw WEBHOOK_ERRORS.WEBHOOK_URL_NOT_ALLOWED({ message: refusal, field: 'url' });
  if (endpoint.savedSearchId === null) return;
  const owner = await deps.marketplace.savedSearchOwner(endpoint.savedSearchId);
  if (owner !== endpoint.ownerUserId) {
    throw WEBHOOK_ERRORS.WEBHOOK_SAVED_SEARCH_NOT_FOUND({ field: 'savedSearchId' });
  }
}

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

export class ListWebhookEndpoints extends UseCase<{ endpoints: WebhookEndpointRepository }> {
  async execute(owner: WebhookOwner): Promise<WebhookEndpointView[]> {
    return (await this.deps.endpoints.listForOwner(owner.id)).map(webhookEndpointView);
  }
}

/** Deletes the endpoint with its delivery log; nothing more is sent to it. */
export class DeleteWebhookEndpoint extends UseCase<{ endpoints: WebhookEndpointRepository }> {
  async execute(owner: WebhookOwner, id: string): Promise<void> {
    if (!(await this.deps.endpoints.remove(owner.id, id))) throw WEBHOOK_ERRORS.WEBHOOK_ENDPOINT_NOT_FOUND();
  }
}

/** The secrets that sign now ('Reveal secret'): the current one, and the previous one during a roll. */
export interface WebhookSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

function secretsOf(endpoint: WebhookEndpoint, now: Date): WebhookSecrets {
  const rolling = endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt > now;
  return {
    secret: endpoint.secret,
    previousSecret: rolling ? endpoint.previousSecret : null,
    previousSecretExpiresAt: rolling ? endpoint.previousSecretExpiresAt : null,
  };
}

export class RevealWebhookSecret extends UseCase<{ endpoints: WebhookEndpointRepository; clock: Clock }> {
  async execute(owner: WebhookOwner, id: string): Promise<WebhookSecrets> {
    return secretsOf(await ownEndpoint(this.deps.endpoints, owner, id), this.deps.clock.now());
  }
}

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
