/**
 * Which domain events become which webhook events, for whom, with what `data`, and the body every delivery
 * carries (docs/decisions/0212-signed-webhooks.md). An endpoint receives an event only when its owner is a
 * user the event concerns: the same users the in-app notification goes to.
 */
import type { ProjectSnapshot } from '../project/project.ts';
import type { DomainEvent } from '../shared/events.ts';
import { centsToDecimal } from '../shared/money.ts';
import type { TEST_EVENT_TYPE, WebhookEventType } from './endpoint.ts';

/** An amount as the API writes it: USD, a decimal string such as '5000.00'. */
type Amount = string;
/** A moment as the API writes it: an ISO 8601 string in UTC. */
type IsoDate = string;

/**
 * The `data` of each event type, as a receiver reads it. Ids are the API's ids (uuid); a receiver that
 * needs more reads the resource through the API with its token.
 */
export interface WebhookEventData {
  /** A new project that meets the endpoint's saved search (never the receiver's own project). */
  'project.posted': {
    projectId: string;
    projectTitle: string;
    services: string[];
    country: string;
    savedSearchId: string;
  };
  /** A bid on the receiver's project. */
  'bid.received': {
    bidId: string;
    projectId: string;
    projectTitle: string;
    contractorId: string;
    amount: Amount;
  };
  /** The receiver's bid was accepted. */
  'bid.accepted': { bidId: string; projectId: string; projectTitle: string };
  /** The receiver's bid was not accepted: declined, another bid accepted, or the project cancelled. */
  'bid.rejected': {
    bidId: string;
    projectId: string;
    projectTitle: string;
    reason: 'declined' | 'another_bid_accepted' | 'project_cancelled';
  };
  /**
   * A pending bid on the receiver's project was withdrawn: its bidder deleted their account, or their account was
   * suspended (decision 0223).
   */
  'bid.withdrawn': {
    bidId: string;
    projectId: string;
    projectTitle: string;
    contractorId: string;
    amount: Amount;
    reason: 'account_deleted' | 'account_suspended';
  };
  /** A message to the receiver; `preview` is a short single line of it. */
  'message.received': {
    messageId: string;
    senderId: string;
    senderName: string;
    projectId: string | null;
    preview: string;
  };
  /** A question on the receiver's project. */
  'question.asked': { questionId: string; projectId: string; projectTitle: string };
  /** An answer to the receiver's question, or a public answer or clarification on a project they bid on. */
  'question.answered': {
    questionId: string;
    kind: 'question' | 'clarification';
    projectId: string;
    projectTitle: string;
  };
  /** The bid deadline of a project the receiver bid on moved; null: the project no longer has one. */
  'project.deadline_changed': {
    projectId: string;
    projectTitle: string;
    previousDeadline: IsoDate | null;
    bidDeadline: IsoDate | null;
  };
  /** The owner of a project the receiver bid on posted an addendum. */
  'project.addendum_posted': { projectId: string; projectTitle: string; addendumId: string };
  /** The project the receiver was awarded moved to another phase. */
  'project.phase_changed': { projectId: string; projectTitle: string; from: string; to: string };
  /** The test event ('Send test event'). */
  ping: { endpointId: string; message: string };
}

export type WebhookDeliveryType = WebhookEventType | typeof TEST_EVENT_TYPE;

/** One webhook event of a domain event, for the endpoints of the users it names. */
export type WebhookNotice = {
  [T in Exclude<WebhookEventType, 'project.posted'>]: {
    type: T;
    occurredAt: Date;
    recipientIds: string[];
    data: WebhookEventData[T];
  };
}[Exclude<WebhookEventType, 'project.posted'>];

/**
 * project.posted, whose receivers are the owners of the endpoints whose saved search the project meets:
 * the use case finds them (it needs the project and the searches), then builds `data` with projectPostedData.
 */
export interface ProjectPostedNotice {
  type: 'project.posted';
  occurredAt: Date;
  projectId: string;
  ownerId: string;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());
const amount = (cents: number) => centsToDecimal(cents) as string;

function pick<E extends object, K extends keyof E>(event: E, ...keys: K[]): Pick<E, K> {
  return Object.fromEntries(keys.map((key) => [key, event[key]])) as Pick<E, K>;
}

/** The webhook events of a committed domain event (none for the events third parties are not offered). */
export function webhookNoticesFor(event: DomainEvent): (WebhookNotice | ProjectPostedNotice)[] {
  /** One notice for these users (each once), with its `data`. */
  const to = <T extends WebhookNotice['type']>(
    type: T,
    recipients: readonly (string | null)[],
    data: WebhookEventData[T],
  ): WebhookNotice[] => {
    const recipientIds = [...new Set(recipients.filter((id): id is string => id !== null))];
    return [{ type, occurredAt: event.occurredAt, recipientIds, data } as WebhookNotice];
  };
  switch (event.type) {
    case 'project_posted': {
      const { projectId, ownerId } = event;
      return [{ type: 'project.posted', occurredAt: event.occurredAt, projectId, ownerId }];
    }
    case 'bid_submitted':
      return to('bid.received', [event.recipientId], {
        ...pick(event, 'bidId', 'projectId', 'projectTitle', 'contractorId'),
        amount: amount(event.amountCents),
      });
    case 'bid_accepted':
      return to('bid.accepted', [event.recipientId], pick(event, 'bidId', 'projectId', 'projectTitle'));
    case 'bid_rejected':
      return to(
        'bid.rejected',
        [event.recipientId],
        pick(event, 'bidId', 'projectId', 'projectTitle', 'reason'),
      );
    case 'bid_withdrawn':
      return to('bid.withdrawn', [event.recipientId], {
        ...pick(event, 'bidId', 'projectId', 'projectTitle', 'contractorId', 'reason'),
        amount: amount(event.amountCents),
      });
    case 'message_sent':
      return to(
        'message.received',
        [event.recipientId],
        pick(event, 'messageId', 'senderId', 'senderName', 'projectId', 'preview'),
      );
    case 'question_asked':
      return to(
        'question.asked',
        [event.recipientId],
        pick(event, 'questionId', 'projectId', 'projectTitle'),
      );
    case 'question_answered':
      return to(
        'question.answered',
        [event.askerId, ...event.recipientIds],
        pick(event, 'questionId', 'kind', 'projectId', 'projectTitle'),
      );
    case 'bid_deadline_changed':
      return to('project.deadline_changed', event.recipientIds, {
        ...pick(event, 'projectId', 'projectTitle'),
        previousDeadline: iso(event.previousDeadline),
        bidDeadline: iso(event.bidDeadline),
      });
    case 'addendum_posted':
      return to(
        'project.addendum_posted',
        event.recipientIds,
        pick(event, 'projectId', 'projectTitle', 'addendumId'),
      );
    case 'project_phase_changed':
      // Before an award nobody but the owner, who made the change, is concerned.
      return event.awardedContractorId === null
        ? []
        : to(
            'project.phase_changed',
            [event.awardedContractorId],
            pick(event, 'projectId', 'projectTitle', 'from', 'to'),
          );
    default:
      return [];
  }
}

/** project.posted's `data` for an endpoint whose saved search the project meets. */
export function projectPostedData(
  project: Pick<ProjectSnapshot, 'id' | 'title' | 'services' | 'country'>,
  savedSearchId: string,
): WebhookEventData['project.posted'] {
  return {
    projectId: project.id,
    projectTitle: project.title,
    services: [...project.services],
    country: project.country,
    savedSearchId,
  };
}

/** What a delivery's body says: `{ "id", "type", "created", "data" }`. */
interface WebhookPayload {
  /** `evt_…`: the same for every attempt of one event to one endpoint, so a receiver can drop repeats. */
  id: string;
  type: WebhookDeliveryType;
  /** When the event happened, in whole seconds since 1970 (UTC). */
  created: number;
  data: object;
}

/** The body of a delivery, as it is signed and sent (and stored, so each attempt sends the same bytes). */
export function webhookBody(id: string, type: WebhookDeliveryType, occurredAt: Date, data: object): string {
  const payload: WebhookPayload = { id, type, created: Math.floor(occurredAt.getTime() / 1000), data };
  return JSON.stringify(payload);
}

/**
 * A text that is the same for every delivery of one domain event by the outbox, whether the subscriber got
 * the object written in this process or one read back from the outbox (keys sorted, dates as ISO strings,
 * undefined left out): the stable event ids are derived from it.
 */
export function eventFingerprint(event: DomainEvent): string {
  const canonical = (value: unknown): unknown => {
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(record)
          .filter((key) => record[key] !== undefined)
          .sort()
          .map((key) => [key, canonical(record[key])]),
      );
    }
    return value;
  };
  return JSON.stringify(canonical(event));
}
