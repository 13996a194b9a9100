import type { DomainEvent, SavedSearchMatched } from '../../domain/shared/events.ts';
import type { EventPublisher } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { SavedSearchRepository, SearchMatch } from './ports.ts';

/** How many users one `saved_search_matched` event tells. */
export const ALERT_CHUNK = 500;

/**
 * The event subscriber for new projects: finds the saved searches with alerts on that the project meets
 * (in the database) and tells each of their owners once, naming their first matching search. A user with
 * an instant search among the matches gets the instant mail; otherwise the match waits for the daily
 * digest. Publishes `saved_search_matched`, which becomes the notification and the instant mail.
 */
export class AlertSavedSearches extends UseCase<{
  searches: SavedSearchRepository;
  events: EventPublisher;
  clock: Clock;
}> {
  /** Answers how many users were told. */
  async execute(event: DomainEvent): Promise<number> {
    if (event.type !== 'project_posted') return 0;
    const { projectTitle, matches } = await this.deps.searches.matching(event.projectId);
    const byUser = new Map<string, SearchMatch[]>();
    for (const match of matches) byUser.set(match.userId, [...(byUser.get(match.userId) ?? []), match]);
    const now = this.deps.clock.now();
    const recipients: SavedSearchMatched['recipients'] = [];
    const waiting: { userId: string; searchName: string }[] = [];
    for (const [userId, mine] of byUser) {
      const instant = mine.find((m) => m.alerts === 'instant');
      const first = instant ?? (mine[0] as SearchMatch);
      if (!instant) waiting.push({ userId, searchName: first.name });
      recipients.push({ userId, searchName: first.name, alerts: instant ? 'instant' : 'daily' });
    }
    if (waiting.length > 0) await this.deps.searches.queueForDigest(event.projectId, waiting, now);
    // In chunks, so each bulk write (notifications, mails) stays a statement of bounded size.
    const events: SavedSearchMatched[] = [];
    for (let i = 0; i < recipients.length; i += ALERT_CHUNK) {
      events.push({
        type: 'saved_search_matched',
        occurredAt: now,
        projectId: event.projectId,
        projectTitle,
        recipients: recipients.slice(i, i + ALERT_CHUNK),
      });
    }
    if (events.length > 0) await this.deps.events.publish(events);
    const told = recipients;
    return told.length;
  }
}
