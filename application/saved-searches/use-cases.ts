import {
  checkCanAddSavedSearch,
  isSearchAlerts,
  type RawSavedSearchFilters,
  type SavedSearchSnapshot,
  type SearchAlerts,
  savedSearchFilters,
  savedSearchName,
} from '../../domain/project/saved-search.ts';
import { NotFoundError, ValidationError } from '../../domain/shared/errors.ts';
import type { DomainEvent, SavedSearchMatched } from '../../domain/shared/events.ts';
import type { User } from '../../domain/user/user.ts';
import type { EventPublisher } from '../shared/marketplace-ports.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { SavedSearchRepository, SearchMatch } from './ports.ts';

export interface SavedSearchInput {
  name: string;
  filters: RawSavedSearchFilters;
  alerts?: string | undefined;
}

export interface SavedSearchChanges {
  name?: string | undefined;
  filters?: RawSavedSearchFilters | undefined;
  alerts?: string | undefined;
}

/** How many users one `saved_search_matched` event tells. */
export const ALERT_CHUNK = 500;

function alertsOf(value: string): SearchAlerts {
  if (!isSearchAlerts(value)) {
    throw new ValidationError('UNKNOWN_ALERTS', `Alerts must be 'off', 'instant' or 'daily'`, 'alerts');
  }
  return value;
}

function savedSearchNotFound(): NotFoundError {
  return new NotFoundError('SAVED_SEARCH_NOT_FOUND', 'Saved search not found');
}

/** The caller's saved searches, newest first. */
export class ListSavedSearches extends UseCase<{ searches: SavedSearchRepository }> {
  execute(user: User): Promise<SavedSearchSnapshot[]> {
    return this.deps.searches.listByUser(user.id);
  }
}

/** 'Save this search': the browse filters under a name, alerts instant unless chosen; at most 10. */
export class CreateSavedSearch extends UseCase<{
  searches: SavedSearchRepository;
  ids: IdGenerator;
  clock: Clock;
}> {
  async execute(user: User, input: SavedSearchInput): Promise<SavedSearchSnapshot> {
    const now = this.deps.clock.now();
    const search: SavedSearchSnapshot = {
      id: this.deps.ids.next(),
      userId: user.id,
      name: savedSearchName(input.name),
      filters: savedSearchFilters(input.filters),
      alerts: alertsOf(input.alerts ?? 'instant'),
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.searches.add(search, checkCanAddSavedSearch);
    return search;
  }
}

/** Renames a search, changes its filters or its alerts. Only its owner may (others get 404). */
export class UpdateSavedSearch extends UseCase<{ searches: SavedSearchRepository; clock: Clock }> {
  async execute(user: User, id: string, changes: SavedSearchChanges): Promise<SavedSearchSnapshot> {
    const found = await this.deps.searches.find(id);
    if (!found || found.userId !== user.id) throw savedSearchNotFound();
    const updated: SavedSearchSnapshot = {
      ...found,
      ...(changes.name !== undefined ? { name: savedSearchName(changes.name) } : {}),
      ...(changes.filters !== undefined ? { filters: savedSearchFilters(changes.filters) } : {}),
      ...(changes.alerts !== undefined ? { alerts: alertsOf(changes.alerts) } : {}),
      updatedAt: this.deps.clock.now(),
    };
    await this.deps.searches.update(updated);
    return updated;
  }
}

/** Deletes one of the caller's searches (another user's answers 404, as if it did not exist). */
export class DeleteSavedSearch extends UseCase<{ searches: SavedSearchRepository }> {
  async execute(user: User, id: string): Promise<void> {
    const found = await this.deps.searches.find(id);
    if (!found || found.userId !== user.id) throw savedSearchNotFound();
    await this.deps.searches.remove(id);
  }
}

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
