import { DIGEST_INTERVAL_MS } from '../../domain/project/saved-search.ts';
import { DigestMailing } from './links.ts';

/**
 * Periodic: one mail per user with `daily` saved searches, listing the new projects that matched since
 * their last digest; at most one a day per user (DIGEST_INTERVAL_MS).
 */
export class SendSavedSearchDigests extends DigestMailing {
  /** Returns how many digests were queued. `now` defaults to the clock. */
  execute(now: Date = this.deps.clock.now()): Promise<number> {
    const sentBefore = new Date(now.getTime() - DIGEST_INTERVAL_MS);
    return this.deps.audience.takeSavedSearchDigests(
      sentBefore,
      now,
      this.mailFor((digest) => {
        const n = digest.items.length;
        if (n === 0) return null;
        return {
          subject:
            n === 1 ? '1 new project for your saved searches' : `${n} new projects for your saved searches`,
          paragraphs: [
            'New projects on BuildBid match your saved searches:',
            ...digest.items.map(
              (item) =>
                `“${item.projectTitle}” (${item.searchName}): ${this.links.site(`/projects/${item.projectId}`)}`,
            ),
          ],
          action: { label: 'Browse projects', url: this.links.site('/projects') },
        };
      }),
    );
  }
}
