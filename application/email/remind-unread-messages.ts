import { DigestMailing } from './links.ts';

/** Periodic: users with a message unread for 15 minutes get one reminder mail covering all of them. */
export class RemindUnreadMessages extends DigestMailing {
  /** Returns how many reminder mails were queued. `now` defaults to the clock. */
  execute(now: Date = this.deps.clock.now()): Promise<number> {
    const olderThan = new Date(now.getTime() - this.deps.settings.unreadReminderMs);
    return this.deps.audience.takeUnreadMessageDigests(
      olderThan,
      now,
      this.mailFor((digest) => {
        const from = digest.senders.slice(0, 3).join(', ') + (digest.senders.length > 3 ? ' and others' : '');
        const plural = digest.count === 1 ? 'an unread message' : `${digest.count} unread messages`;
        return {
          subject: `You have ${plural} on BuildBid`,
          paragraphs: [`You have ${plural} from ${from}.`],
          action: { label: 'Read your messages', url: this.links.site('/') },
        };
      }),
    );
  }
}
