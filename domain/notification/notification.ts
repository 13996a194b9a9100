import { findBadge } from '../achievement/achievement.ts';
import type { ContentHidden, DomainEvent, UserWarned } from '../shared/events.ts';
import { formatUsd } from '../shared/money.ts';
import { formatDay } from '../shared/time-zone.ts';

/** accounts-and-shell section 3: the notification types (the bell shows an icon for all but system). */
export const NOTIFICATION_TYPES = [
  'bid_received',
  'bid_accepted',
  'bid_rejected',
  'project_completed',
  'review_received',
  'message_received',
  'system',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const MAX_NOTIFICATION_TITLE_LENGTH = 255;

/** What a notification says before it is stored. */
export interface NotificationDraft {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  /** What the notification is about: a project id for bids, reviews and completions; the sender's user id for messages. */
  relatedEntityId: string | null;
}

export interface NotificationSnapshot extends NotificationDraft {
  id: string;
  isRead: boolean;
  createdAt: Date;
}

function quoted(title: string): string {
  return `“${title}”`;
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

function draft(
  userId: string,
  type: NotificationType,
  title: string,
  message: string,
  relatedEntityId: string | null,
): NotificationDraft {
  return { userId, type, title: clip(title, MAX_NOTIFICATION_TITLE_LENGTH), message, relatedEntityId };
}

/**
 * The notifications a domain event gives rise to (accounts-and-shell sections 2 and 3), each with a
 * human title and message. Events nobody is told about give none.
 */
export function notificationsForEvent(event: DomainEvent): NotificationDraft[] {
  switch (event.type) {
    case 'bid_submitted':
      return [
        draft(
          event.recipientId,
          'bid_received',
          'New bid received',
          `A bid of ${formatUsd(event.amountCents)} was placed on ${quoted(event.projectTitle)}.`,
          event.projectId,
        ),
      ];
    case 'bid_accepted':
      return [
        draft(
          event.recipientId,
          'bid_accepted',
          'Your bid was accepted',
          `Congratulations! Your bid on ${quoted(event.projectTitle)} was accepted.`,
          event.projectId,
        ),
      ];
    case 'bid_rejected': {
      const why = {
        declined: `Your bid on ${quoted(event.projectTitle)} was declined.`,
        another_bid_accepted: `The owner of ${quoted(event.projectTitle)} accepted another bid.`,
        project_cancelled: `${quoted(event.projectTitle)} was cancelled, so your bid was closed.`,
      }[event.reason];
      return [draft(event.recipientId, 'bid_rejected', 'Your bid was not accepted', why, event.projectId)];
    }
    case 'bid_withdrawn':
      // Decisions 0193 and 0223: the bidder's account was deleted or suspended; the owner can no longer accept it.
      return [
        draft(
          event.recipientId,
          'system',
          'Bid withdrawn',
          `A bid of ${formatUsd(event.amountCents)} on ${quoted(event.projectTitle)} was withdrawn: ${
            event.reason === 'account_suspended'
              ? "its bidder's account was suspended."
              : 'its bidder deleted their account.'
          }`,
          event.projectId,
        ),
      ];
    case 'project_completed':
      return [
        draft(
          event.recipientId,
          'project_completed',
          'Project completed',
          `${quoted(event.projectTitle)} was marked as completed. Well done!`,
          event.projectId,
        ),
      ];
    case 'review_received':
      return [
        draft(
          event.recipientId,
          'review_received',
          'New review received',
          `You received a ${event.rating}-star review.`,
          event.projectId,
        ),
      ];
    case 'message_sent':
      return [
        draft(
          event.recipientId,
          'message_received',
          `New message from ${event.senderName}`,
          event.preview,
          event.senderId,
        ),
      ];
    case 'project_cancelled':
      return event.awardedContractorId
        ? [
            draft(
              event.awardedContractorId,
              'system',
              'Project cancelled',
              `${quoted(event.projectTitle)}, which you were awarded, was cancelled by its owner.`,
              event.projectId,
            ),
          ]
        : [];
    case 'project_phase_changed': {
      // The owner moves the awarded work on; its contractor is told of each step (completion has its own).
      const step =
        event.to === 'in_progress'
          ? { title: 'Work started', message: `The owner of ${quoted(event.projectTitle)} started the work.` }
          : event.to === 'review'
            ? {
                title: 'Sent for review',
                message: `The owner of ${quoted(event.projectTitle)} moved it to review before completing it.`,
              }
            : null;
      return step && event.awardedContractorId
        ? [draft(event.awardedContractorId, 'system', step.title, step.message, event.projectId)]
        : [];
    }
    case 'project_deleted':
      return event.recipientIds.map((userId) =>
        draft(
          userId,
          'system',
          'Project deleted',
          `${quoted(event.projectTitle)}, which you bid on, was deleted by its owner. Your bid on it is closed.`,
          null,
        ),
      );
    case 'badge_earned': {
      const badge = findBadge(event.badgeId);
      return [
        draft(
          event.recipientId,
          'system',
          'Badge earned',
          `You earned the ${badge?.name ?? event.badgeId} badge.`,
          event.badgeId,
        ),
      ];
    }
    case 'payment_failed':
      return [
        draft(
          event.recipientId,
          'system',
          'Payment failed',
          event.reason
            ? `We could not collect your Pro subscription payment: ${event.reason} Update your payment method under Profile › Billing.`
            : 'We could not collect your Pro subscription payment. Update your payment method under Profile › Billing.',
          event.subscriptionId,
        ),
      ];
    case 'bid_deadline_changed':
      return event.recipientIds.map((userId) =>
        draft(
          userId,
          'system',
          'Bid deadline changed',
          event.bidDeadline
            ? `The bid deadline of ${quoted(event.projectTitle)} is now ${formatDay(event.bidDeadline)}. You may revise your bid until then.`
            : `${quoted(event.projectTitle)} no longer has a bid deadline. You may revise your bid.`,
          event.projectId,
        ),
      );
    case 'addendum_posted':
      return event.recipientIds.map((userId) =>
        draft(
          userId,
          'system',
          'Addendum posted',
          `The owner of ${quoted(event.projectTitle)} posted an addendum. Read it and revise your bid if needed.`,
          event.projectId,
        ),
      );
    case 'saved_search_matched':
      return event.recipients.map((r) =>
        draft(
          r.userId,
          'system',
          'New project matches your search',
          `${quoted(event.projectTitle)} matches your saved search ${quoted(r.searchName)}.`,
          event.projectId,
        ),
      );
    case 'question_asked':
      return [
        draft(
          event.recipientId,
          'system',
          'New question',
          `A bidder asked a question on ${quoted(event.projectTitle)}.`,
          event.projectId,
        ),
      ];
    case 'question_answered': {
      const published =
        event.kind === 'clarification'
          ? `The owner of ${quoted(event.projectTitle)} posted a clarification.`
          : `The owner of ${quoted(event.projectTitle)} answered a question.`;
      return [
        ...(event.askerId
          ? [
              draft(
                event.askerId,
                'system',
                'Your question was answered',
                `The owner of ${quoted(event.projectTitle)} answered your question.`,
                event.projectId,
              ),
            ]
          : []),
        ...event.recipientIds.map((userId) =>
          draft(
            userId,
            'system',
            event.kind === 'clarification' ? 'New clarification' : 'New answer',
            published,
            event.projectId,
          ),
        ),
      ];
    }
    case 'report_decided': {
      const outcome = {
        hidden: `Thank you for your report. We hid ${event.what}: it broke BuildBid's rules.`,
        warned: `Thank you for your report. We warned the person responsible for ${event.what}.`,
        suspended: `Thank you for your report. We suspended the account responsible for ${event.what}.`,
        dismissed: `Thank you for your report. We looked at ${event.what} and found that it does not break BuildBid's rules.`,
      }[event.outcome];
      return event.recipientIds.map((userId) =>
        draft(userId, 'system', 'Your report was reviewed', outcome, event.projectId),
      );
    }
    case 'content_hidden':
    case 'user_warned':
      return [
        draft(
          event.recipientId,
          'system',
          event.type === 'content_hidden' ? 'Content hidden by BuildBid' : 'A warning from BuildBid',
          moderationNotice(event),
          event.projectId,
        ),
      ];
    default:
      return [];
  }
}

/**
 * What the author of reported content is told (decision 0221): why it was hidden, or why they are warned, in
 * the admin's words too when given. The notification and the mail say the same.
 */
export function moderationNotice(event: ContentHidden | UserWarned): string {
  const note = event.note ? ` ${event.note}` : '';
  return event.type === 'content_hidden'
    ? `We hid ${event.what} after reports. Reason: ${event.reason}.${note} Only you and BuildBid's admins can see it now.`
    : `We received reports about ${event.what}. Reason: ${event.reason}.${note} Please keep to BuildBid's rules: breaking them again can lead to a suspension.`;
}
