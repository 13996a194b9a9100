import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { Links } from './links.ts';
import type { EmailAudience, EmailSettings, UnsubscribeTokens } from './ports.ts';

/** Periodic: users with a message unread for 15 minutes get one reminder mail covering all of them. */
export class RemindUnreadMessages extends UseCase<{
  audience: EmailAudience;
  tokens: UnsubscribeTokens;
  settings: EmailSettings;
  clock: Clock;
}> {
  readonly #links = new Links(this.deps.settings, this.deps.tokens);

  /** Returns how many reminder mails were queued. `now` defaults to the clock. */
  execute(now: Date = this.deps.clock.now()): Promise<number> {
    const olderThan = new Date(now.getTime() - this.deps.settings.unreadReminderMs);
    return this.deps.audience.takeUnreadMessageDigests(olderThan, now, (digest) => {
      if (!digest.recipient.emailNotifications) return null;
      const from = digest.senders.slice(0, 3).join(', ') + (digest.senders.length > 3 ? ' and others' : '');
      const plural = digest.count === 1 ? 'an unread message' : `${digest.count} unread messages`;
      return this.#links.mail(
        digest.recipient,
        {
          subject: `You have ${plural} on BuildBid`,
          paragraphs: [`You have ${plural} from ${from}.`],
          action: { label: 'Read your messages', url: this.#links.site('/') },
        },
        null,
      );
    });
  }
}
