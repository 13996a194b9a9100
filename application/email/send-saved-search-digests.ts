import { DIGEST_INTERVAL_MS } from '../../domain/project/saved-search.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { Links } from './links.ts';
import type { EmailAudience, EmailSettings, UnsubscribeTokens } from './ports.ts';

/**
 * Periodic: one mail per user with `daily` saved searches, listing the new projects that matched since
 * their last digest; at most one a day per user (DIGEST_INTERVAL_MS).
 */
export class SendSavedSearchDigests extends UseCase<{
  audience: EmailAudience;
  tokens: UnsubscribeTokens;
  settings: EmailSettings;
  clock: Clock;
}> {
  readonly #links = new Links(this.deps.settings, this.deps.tokens);

  /** Returns how many digests were queued. `now` defaults to the clock. */
  execute(now: Date = this.deps.clock.now()): Promise<number> {
    const sentBefore = new Date(now.getTime() - DIGEST_INTERVAL_MS);
    return this.deps.audience.takeSavedSearchDigests(sentBefore, now, (digest) => {
      if (!digest.recipient.emailNotifications || digest.items.length === 0) return null;
      const n = digest.items.length;
      return this.#links.mail(
        digest.recipient,
        {
          subject:
            n === 1 ? '1 new project for your saved searches' : `${n} new projects for your saved searches`,
          paragraphs: [
            'New projects on BuildBid match your saved searches:',
            ...digest.items.map(
              (item) =>
                `“${item.projectTitle}” (${item.searchName}): ${this.#links.site(`/projects/${item.projectId}`)}`,
            ),
          ],
          action: { label: 'Browse projects', url: this.#links.site('/projects') },
        },
        null,
      );
    });
  }
}
