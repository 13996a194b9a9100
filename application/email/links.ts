import type { EmailSettings, QueuedMail, Recipient, UnsubscribeTokens } from './ports.ts';
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
