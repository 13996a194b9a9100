import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { EmailAudience, EmailSettings, QueuedMail, Recipient, UnsubscribeTokens } from './ports.ts';
import { composeMail, type MailContent } from './templates.ts';

/** Builds links in mails: the site, and the signed unsubscribe link of one user. */
export class Links {
  readonly #base: string;
  readonly #tokens: UnsubscribeTokens;

  constructor(settings: EmailSettings, tokens: UnsubscribeTokens) {
    this.#base = settings.publicUrl.replace(/\/+$/, '');
    this.#tokens = tokens;
  }

  site(path: string): string {
    return `${this.#base}${path}`;
  }

  unsubscribe(userId: string): string {
    return this.site(`/api/unsubscribe?token=${encodeURIComponent(this.#tokens.issue(userId))}`);
  }

  mail(to: Recipient, content: MailContent, dedupeKey: string | null): QueuedMail {
    return { ...composeMail(to, content, this.unsubscribe(to.id)), userId: to.id, dedupeKey };
  }
}

/** What the periodic digest mails take (RemindUnreadMessages, SendSavedSearchDigests). */
export interface DigestMailDeps {
  audience: EmailAudience;
  tokens: UnsubscribeTokens;
  settings: EmailSettings;
  clock: Clock;
}

/** The base of the periodic digest mails: one mail per recipient's digest, with the site's links. */
export abstract class DigestMailing extends UseCase<DigestMailDeps> {
  protected readonly links = new Links(this.deps.settings, this.deps.tokens);

  /**
   * The `compose` a digest query takes: the mail `content` writes for a recipient who wants mail, and none
   * for one who turned mail off (or when `content` has nothing to say).
   */
  protected mailFor<D extends { recipient: Recipient }>(
    content: (digest: D) => MailContent | null,
  ): (digest: D) => QueuedMail | null {
    return (digest) => {
      if (!digest.recipient.emailNotifications) return null;
      const mail = content(digest);
      return mail && this.links.mail(digest.recipient, mail, null);
    };
  }
}
