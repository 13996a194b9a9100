/**
 * What a notification opens when clicked (decision 0198): the conversation for a message, the
 * project for whatever happened on or to a project, My Bids for a bid that was not selected or whose
 * project is gone, the profile for a badge, Billing for a failed payment. relatedEntityId says what the
 * notification is about (domain/notification/notification.ts): a project id, the sender's user id for
 * messages, a badge id, a subscription id, or null.
 */
import type { AppNotification } from './api.ts';

export type NotificationTarget =
  | { kind: 'page'; href: string }
  | { kind: 'conversation'; otherUserId: string; otherUserName?: string }
  | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** System notifications that are not about a project, by their title. */
const SYSTEM_PAGES: Readonly<Record<string, string>> = {
  'Badge earned': '/profile',
  'Payment failed': '/profile?tab=billing',
  // The project was deleted: the bid it closed is on My Bids.
  'Project deleted': '/my-bids',
};

export function notificationTarget(
  n: Pick<AppNotification, 'type' | 'title' | 'relatedEntityId'>,
): NotificationTarget {
  const id = n.relatedEntityId;
  if (n.type === 'message_received') {
    if (!id) return null;
    // The title is 'New message from {name}': the conversation's title names that person.
    const name = /^New message from (.+)$/.exec(n.title)?.[1];
    return { kind: 'conversation', otherUserId: id, ...(name ? { otherUserName: name } : {}) };
  }
  // Not selected: My Bids lists the bid under 'Not Selected'.
  if (n.type === 'bid_rejected') return { kind: 'page', href: '/my-bids' };
  const systemPage = n.type === 'system' ? SYSTEM_PAGES[n.title] : undefined;
  if (systemPage) return { kind: 'page', href: systemPage };
  // A bid received (the owner's project page, with the bid under Received Bids), a bid accepted, a
  // completion, a review, a phase, a deadline, an addendum, a question, a matching search: the project.
  if (id && UUID.test(id)) return { kind: 'page', href: `/projects/${id}` };
  return null;
}
