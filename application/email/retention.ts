import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { MailOutbox } from './ports.ts';

/**
 * How long a sent mail stays in the outbox (decision 0194): 30 days, long enough to answer "did you send
 * me that link?" and to see a mail server's trouble, short enough that the outbox is no second address
 * book. A deleted account's mails go at once, in the deletion's transaction.
 */
export const SENT_MAIL_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** How often the background step runs (apps/api/src/container.ts). */
export const MAIL_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * One round of the retention step (decision 0194): deletes the mails sent more than the retention period
 * before now (the Clock's). Unsent mails stay, whatever their age: they are still to be delivered.
 */
export class PurgeSentMail extends UseCase<{ outbox: MailOutbox; clock: Clock; retentionMs?: number }> {
  /** Answers how many mails were removed. */
  execute(): Promise<number> {
    return this.deps.outbox.purgeSentBefore(
      new Date(this.deps.clock.now().getTime() - (this.deps.retentionMs ?? SENT_MAIL_RETENTION_MS)),
    );
  }
}
