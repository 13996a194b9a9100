import type { WebhookDelivery } from '../../domain/webhook/delivery.ts';
import { WEBHOOK_ERRORS } from '../../domain/webhook/errors.ts';
import { UseCase } from '../shared/use-case.ts';
import { type AttemptDeps, attemptDelivery, type WebhookOwner } from './shared.ts';

/**
 * 'Resend': attempts the delivery now and answers how it went. A delivery still being retried keeps its
 * schedule if this attempt fails; one that had finished gets just this attempt.
 */
export class ResendWebhookDelivery extends UseCase<AttemptDeps> {
  async execute(owner: WebhookOwner, deliveryId: string): Promise<WebhookDelivery> {
    const now = this.deps.clock.now();
    const claimed = await this.deps.deliveries.claimForResend(
      owner.id,
      deliveryId,
      now,
      this.deps.settings.leaseMs,
    );
    if (claimed === null) throw WEBHOOK_ERRORS.WEBHOOK_DELIVERY_NOT_FOUND();
    if (claimed === 'busy') throw WEBHOOK_ERRORS.WEBHOOK_DELIVERY_IN_PROGRESS();
    return attemptDelivery(this.deps, claimed, now, claimed.delivery.status === 'pending');
  }
}
