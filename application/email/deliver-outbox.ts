import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { EmailSettings, Mailer, MailOutbox } from './ports.ts';

/** The delay before retry number `attempts` (1 = after the first failure): base · 2^(attempts-1), capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}

export interface DeliveryRound {
  sent: number;
  failed: number;
}

/**
 * One round of the outbox worker: claims due mails and sends them one by one. A failure is recorded
 * with the next attempt time (exponential backoff); mails are never dropped, they wait until the mail
 * server takes them.
 */
export class DeliverOutbox extends UseCase<{
  outbox: MailOutbox;
  mailer: Mailer;
  settings: EmailSettings;
  clock: Clock;
}> {
  async execute(): Promise<DeliveryRound> {
    const { batchSize, leaseMs, retryBaseMs, retryMaxMs } = this.deps.settings;
    const claimed = await this.deps.outbox.claimDue(this.deps.clock.now(), batchSize, leaseMs);
    const round: DeliveryRound = { sent: 0, failed: 0 };
    for (const mail of claimed) {
      try {
        await this.deps.mailer.send(mail);
        await this.deps.outbox.markSent(mail.id, this.deps.clock.now());
        round.sent += 1;
      } catch (error) {
        const retryAt = new Date(
          this.deps.clock.now().getTime() + retryDelayMs(mail.attempts, retryBaseMs, retryMaxMs),
        );
        const reason = error instanceof Error ? error.message : String(error);
        await this.deps.outbox.markFailed(mail.id, reason.slice(0, 1000), retryAt);
        round.failed += 1;
      }
    }
    return round;
  }
}
