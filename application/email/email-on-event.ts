import { moderationNotice } from '../../domain/notification/notification.ts';
import type { DomainEvent } from '../../domain/shared/events.ts';
import { formatDay } from '../../domain/shared/time-zone.ts';
import type { User } from '../../domain/user/user.ts';
import type { UserRepository } from '../accounts/ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { Links } from './links.ts';
import type {
  EmailAudience,
  EmailSettings,
  MailOutbox,
  QueuedMail,
  Recipient,
  UnsubscribeTokens,
} from './ports.ts';
import type { MailContent } from './templates.ts';

function recipientOf(user: User): Recipient {
  return { id: user.id, email: user.email, name: user.name, emailNotifications: user.emailNotifications };
}

/**
 * The event subscriber of the mail rules (only for users with emailNotifications on):
 * - project_posted: one mail to each contractor and vendor whose specialties meet the project's services;
 * - bid_accepted / bid_rejected: the bidder;
 * - bid_deadline_changed / addendum_posted: each bidder of the project (decision 0130);
 * - question_asked: the owner; question_answered: the asker and each bidder (decision 0131);
 * - content_hidden / user_warned: the author of reported content (decision 0221).
 * The mails are queued in the outbox (after the change committed) and sent by DeliverOutbox.
 */
export class EmailOnEvent extends UseCase<{
  audience: EmailAudience;
  users: UserRepository;
  outbox: MailOutbox;
  tokens: UnsubscribeTokens;
  settings: EmailSettings;
  clock: Clock;
}> {
  readonly #links = new Links(this.deps.settings, this.deps.tokens);

  /** Returns how many mails were queued. */
  async execute(event: DomainEvent): Promise<number> {
    const mails = await this.#mailsFor(event);
    return mails.length === 0 ? 0 : this.deps.outbox.enqueue(mails, this.deps.clock.now());
  }

  async #mailsFor(event: DomainEvent): Promise<QueuedMail[]> {
    switch (event.type) {
      case 'project_posted': {
        if (event.services.length === 0) return [];
        const recipients = await this.deps.audience.specialistsMatching(event.services, event.ownerId);
        if (recipients.length === 0) return [];
        const title = (await this.deps.audience.projectTitle(event.projectId)) ?? 'A new project';
        const url = this.#links.site(`/projects/${event.projectId}`);
        return recipients.map((to) =>
          this.#links.mail(
            to,
            {
              subject: `New project matching your services: ${title}`,
              paragraphs: [`A new project that needs your specialties was posted on BuildBid: “${title}”.`],
              action: { label: 'View the project and bid', url },
            },
            `project_posted:${event.projectId}:${to.id}`,
          ),
        );
      }
      case 'bid_accepted':
      case 'bid_rejected': {
        const user = await this.deps.users.findById(event.recipientId);
        if (!user?.emailNotifications) return [];
        const accepted = event.type === 'bid_accepted';
        const reason = event.type === 'bid_rejected' ? event.reason : undefined;
        const paragraphs = accepted
          ? [`Congratulations! Your bid on “${event.projectTitle}” was accepted.`]
          : [
              reason === 'project_cancelled'
                ? `“${event.projectTitle}” was cancelled, so your bid was closed.`
                : reason === 'another_bid_accepted'
                  ? `The owner of “${event.projectTitle}” accepted another bid.`
                  : `Your bid on “${event.projectTitle}” was declined.`,
            ];
        return [
          this.#links.mail(
            recipientOf(user),
            {
              subject: accepted
                ? `Your bid on “${event.projectTitle}” was accepted`
                : `Your bid on “${event.projectTitle}” was not accepted`,
              paragraphs,
              action: { label: 'Open the project', url: this.#links.site(`/projects/${event.projectId}`) },
            },
            `${event.type}:${event.bidId}`,
          ),
        ];
      }
      case 'bid_deadline_changed':
      case 'addendum_posted': {
        const url = this.#links.site(`/projects/${event.projectId}`);
        const content: MailContent =
          event.type === 'addendum_posted'
            ? {
                subject: `Addendum posted: ${event.projectTitle}`,
                paragraphs: [
                  `The owner of “${event.projectTitle}” posted an addendum to the project.`,
                  'Read it and revise your bid if needed.',
                ],
                action: { label: 'Read the addendum', url },
              }
            : {
                subject: `Bid deadline changed: ${event.projectTitle}`,
                paragraphs: [
                  event.bidDeadline
                    ? `The bid deadline of “${event.projectTitle}” is now ${formatDay(event.bidDeadline)}.`
                    : `“${event.projectTitle}” no longer has a bid deadline.`,
                  'You may revise your pending bid until then.',
                ],
                action: { label: 'Open the project', url },
              };
        const key =
          event.type === 'addendum_posted'
            ? `addendum_posted:${event.addendumId}`
            : `bid_deadline_changed:${event.projectId}:${event.occurredAt.getTime()}`;
        const mails: QueuedMail[] = [];
        for (const id of event.recipientIds) {
          const user = await this.deps.users.findById(id);
          if (user?.emailNotifications)
            mails.push(this.#links.mail(recipientOf(user), content, `${key}:${id}`));
        }
        return mails;
      }
      case 'question_asked':
      case 'question_answered': {
        const url = this.#links.site(`/projects/${event.projectId}`);
        const title = event.projectTitle;
        const plan: { id: string; content: MailContent }[] = [];
        if (event.type === 'question_asked') {
          plan.push({
            id: event.recipientId,
            content: {
              subject: `New question on “${title}”`,
              paragraphs: [
                `A bidder asked a question on “${title}”. Answer it so every bidder prices the same job.`,
              ],
              action: { label: 'Answer the question', url },
            },
          });
        } else {
          const what = event.kind === 'clarification' ? 'posted a clarification' : 'answered a question';
          if (event.askerId) {
            plan.push({
              id: event.askerId,
              content: {
                subject: `Your question on “${title}” was answered`,
                paragraphs: [`The owner of “${title}” answered your question.`],
                action: { label: 'Read the answer', url },
              },
            });
          }
          for (const id of event.recipientIds) {
            plan.push({
              id,
              content: {
                subject: `The owner of “${title}” ${what}`,
                paragraphs: [`The owner of “${title}” ${what}. You may revise your pending bid.`],
                action: { label: 'Read it', url },
              },
            });
          }
        }
        const mails: QueuedMail[] = [];
        for (const { id, content } of plan) {
          const user = await this.deps.users.findById(id);
          if (user?.emailNotifications) {
            mails.push(
              this.#links.mail(recipientOf(user), content, `${event.type}:${event.questionId}:${id}`),
            );
          }
        }
        return mails;
      }
      case 'saved_search_matched': {
        const instant = event.recipients.filter((r) => r.alerts === 'instant');
        if (instant.length === 0) return [];
        const searchOf = new Map(instant.map((r) => [r.userId, r.searchName]));
        const url = this.#links.site(`/projects/${event.projectId}`);
        const people = await this.deps.audience.recipients(instant.map((r) => r.userId));
        return people
          .filter((to) => to.emailNotifications)
          .map((to) => {
            const search = searchOf.get(to.id) ?? '';
            return this.#links.mail(
              to,
              {
                subject: `New project for “${search}”: ${event.projectTitle}`,
                paragraphs: [
                  `A new project matches your saved search “${search}”: “${event.projectTitle}”.`,
                  'You can change or turn off this alert under Saved searches.',
                ],
                action: { label: 'View the project', url },
              },
              `saved_search_matched:${event.projectId}:${to.id}`,
            );
          });
      }
      case 'content_hidden':
      case 'user_warned': {
        // The author of reported content is told why (decision 0221), by mail too when they take mail.
        const user = await this.deps.users.findById(event.recipientId);
        if (!user?.emailNotifications) return [];
        const hidden = event.type === 'content_hidden';
        const path = event.projectId ? `/projects/${event.projectId}` : '/';
        return [
          this.#links.mail(
            recipientOf(user),
            {
              subject: hidden ? 'BuildBid hid your content' : 'A warning from BuildBid',
              paragraphs: [moderationNotice(event)],
              action: { label: 'Open BuildBid', url: this.#links.site(path) },
            },
            `${event.type}:${event.targetType}:${event.targetId}:${event.occurredAt.getTime()}`,
          ),
        ];
      }
      default:
        return [];
    }
  }
}
