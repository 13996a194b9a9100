import type { DomainEvent } from '../../domain/shared/events.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ProjectEngagement } from './ports.ts';

/** The events whose audience is "everyone who has bid on or saved the project" (decision 0130). */
type SaverAudienceEvent = Extract<
  DomainEvent,
  { type: 'bid_deadline_changed' | 'addendum_posted' | 'question_answered' }
>;

function reachesSavers(event: DomainEvent): event is SaverAudienceEvent {
  return (
    event.type === 'bid_deadline_changed' ||
    event.type === 'addendum_posted' ||
    event.type === 'question_answered'
  );
}

/**
 * Widens the audience of a project's news to the users who saved it: a deadline change, an addendum, and a
 * new public answer or clarification reach every bidder (the use case's `recipientIds`) and every saver,
 * each once, never the owner nor the asker (who hears of the answer on its own). Other events pass through.
 */
export class AddSaversToAudience extends UseCase<{ engagement: ProjectEngagement }> {
  async execute(event: DomainEvent): Promise<DomainEvent> {
    if (!reachesSavers(event)) return event;
    const savers = await this.deps.engagement.saverIds(event.projectId);
    if (savers.length === 0) return event;
    const excluded = new Set<string | null>([
      ...event.recipientIds,
      'ownerId' in event ? event.ownerId : null,
      event.type === 'question_answered' ? event.askerId : null,
    ]);
    const added = [...new Set(savers)].filter((id) => !excluded.has(id));
    return added.length === 0 ? event : { ...event, recipientIds: [...event.recipientIds, ...added] };
  }
}
