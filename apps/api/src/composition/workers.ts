import type { Container, ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import { BackgroundLoop } from '#adapters/system/background-loop.ts';
import { RecordAchievements } from '#application/achievements/index.ts';
import {
  DeliverOutbox,
  EmailOnEvent,
  RemindUnreadMessages,
  SendSavedSearchDigests,
} from '#application/email/index.ts';
import type { MailOutbox } from '#application/email/ports.ts';
import { MAIL_PURGE_INTERVAL_MS, PurgeSentMail } from '#application/email/retention.ts';
import { AddSaversToAudience } from '#application/engagement/index.ts';
import { NotifyOnEvent } from '#application/notifications/index.ts';
import { AlertSavedSearches } from '#application/saved-searches/index.ts';
import { WebhookDispatcher, WebhooksOnEvent } from '#application/webhooks/index.ts';
import type { DomainEvent } from '#domain/shared/events.ts';
import type { Config } from '../config.ts';
import { context, resolved, withDeps } from './context.ts';
import { TOKENS } from './tokens.ts';

/** The mail outbox's worker, and the outbox for mails that must leave at once (queuing one wakes it). */
export const MAIL_DELIVERY = {
  Worker: Symbol('MailWorker') as ServiceIdentifier<BackgroundLoop>,
  Outbox: Symbol('MailOutbox.waking') as ServiceIdentifier<MailOutbox>,
};

/**
 * The webhook worker (decision 0212), and what wakes it: the outbox subscriber, once it queued a delivery.
 */
export const WEBHOOK_DELIVERY = {
  Worker: Symbol('WebhookWorker') as ServiceIdentifier<BackgroundLoop>,
  Wake: Symbol('WebhookWorker.wake') as ServiceIdentifier<() => void>,
};
/** How often every instance's webhook worker looks for due deliveries (besides being woken). */
const WEBHOOK_POLL_MS = 1000;

/** How often expired OAuth models are deleted. */
const OAUTH_SWEEP_MS = 60 * 60_000;

/** The events that earn achievement points (pointsForEvent); the others need no transaction. */
const POINT_EVENTS: ReadonlySet<DomainEvent['type']> = new Set([
  'bid_submitted',
  'project_completed',
  'review_received',
]);

/** A loop that runs `task` every `intervalMs` and logs a failed round as the `what` round. */
const loops = (log: Logger) => (intervalMs: number, what: string, task: () => Promise<unknown>) =>
  new BackgroundLoop({
    intervalMs,
    task,
    onError: (error) => log.error({ err: error }, `${what} round failed`),
  });

/** What the workers run besides the messaging context's use cases; the mail worker itself. */
export function workers(config: Config, log: Logger) {
  const { MailOutbox: Outbox, Clock: Time } = TOKENS;
  return context({}, [
    // The outbox worker sends queued mails (with retries); started by startWorkers.
    resolved(
      MAIL_DELIVERY.Worker,
      (deliverOutbox) =>
        loops(log)(config.mailPollMs, 'mail outbox', async () => {
          const round = await deliverOutbox.execute();
          if (round.failed > 0) log.warn({ ...round }, 'some mails could not be sent; they will be retried');
        }),
      [DeliverOutbox],
    ),
    resolved(
      MAIL_DELIVERY.Outbox,
      (outbox, worker): MailOutbox => ({
        enqueue: async (mails, now) => {
          const queued = await outbox.enqueue(mails, now);
          if (queued > 0) worker.wake();
          return queued;
        },
        claimDue: (now, limit, leaseMs) => outbox.claimDue(now, limit, leaseMs),
        markSent: (id, now) => outbox.markSent(id, now),
        markFailed: (id, error, retryAt) => outbox.markFailed(id, error, retryAt),
        purgeSentBefore: (sentBefore) => outbox.purgeSentBefore(sentBefore),
      }),
      [Outbox, MAIL_DELIVERY.Worker],
    ),
    // Due webhook deliveries, claimed with SKIP LOCKED, so every instance runs it (decision 0212).
    resolved(
      WEBHOOK_DELIVERY.Worker,
      (dispatcher) =>
        loops(log)(WEBHOOK_POLL_MS, 'webhook delivery', async () => {
          const attempted = await dispatcher.runDue();
          if (attempted > 0) log.debug({ attempted }, 'webhook deliveries attempted');
        }),
      [WebhookDispatcher],
    ),
    resolved(WEBHOOK_DELIVERY.Wake, (worker) => () => worker.wake(), [WEBHOOK_DELIVERY.Worker]),
    // Sent mails keep their receivers' addresses and names: gone after the retention period (decision 0194).
    withDeps(PurgeSentMail, { outbox: Outbox, clock: Time }),
    withDeps(AlertSavedSearches, { searches: TOKENS.SavedSearches, events: TOKENS.Events, clock: Time }),
    withDeps(AddSaversToAudience, { engagement: TOKENS.Engagement }),
  ]);
}

/**
 * The workers: the mail outbox, the sent mails' retention (decision 0194), the unread-message reminders,
 * the saved-search alerts and digests, the achievements, notifications, mails and webhook deliveries that
 * follow committed events, and the event relay. Started here, stopped by the composition's close().
 */
export function startWorkers(container: Container, shared: { config: Config; log: Logger }) {
  const { config, log } = shared;
  const events = container.get(TOKENS.Events);
  const every = loops(log);
  const mailWorker = container.get(MAIL_DELIVERY.Worker).start();
  const purgeSentMail = container.get(PurgeSentMail);
  const retentionWorker = every(MAIL_PURGE_INTERVAL_MS, 'sent-mail retention', async () => {
    const purged = await purgeSentMail.execute();
    if (purged > 0) log.info({ purged }, 'sent mails past their retention period removed');
  }).start();
  // Reminders for unread messages.
  const remindUnread = container.get(RemindUnreadMessages);
  const reminderWorker = every(60_000, 'unread-message reminder', async () => {
    if ((await remindUnread.execute()) > 0) mailWorker.wake();
  }).start();

  // Achievements follow the events that earn points.
  const recordAchievements = container.get(RecordAchievements);
  events.subscribe(async (event) => {
    if (POINT_EVENTS.has(event.type)) await recordAchievements.execute(event);
  });

  // Notifications and mails follow the committed events.
  // New projects alert the saved searches they match (decision 0133); the daily digests go out from a loop.
  // The alerts run after the post has answered: a project matching hundreds of searches must not make its
  // owner wait (decision 0133's goal: a post stays within 20 ms of its time without saved searches).
  const alertSavedSearches = container.get(AlertSavedSearches);
  events.subscribeInBackground(async (event) => {
    if (event.type !== 'project_posted') return;
    await alertSavedSearches.execute(event);
  });
  // Webhooks (decision 0212): a committed event queues its deliveries after the request has answered,
  // and the worker sends them (woken by the queuing, or on its next round).
  const webhookWorker = container.get(WEBHOOK_DELIVERY.Worker).start();
  const webhooksOnEvent = container.get(WebhooksOnEvent);
  events.subscribeInBackground((event) => webhooksOnEvent.execute(event));
  const sendDigests = container.get(SendSavedSearchDigests);
  const digestWorker = every(config.digestPollMs, 'saved-search digest', async () => {
    if ((await sendDigests.execute()) > 0) mailWorker.wake();
  }).start();

  // A project's news reaches its savers as well as its bidders (decision 0130): the audience is widened once.
  const notifyOnEvent = container.get(NotifyOnEvent);
  const emailOnEvent = container.get(EmailOnEvent);
  const addSavers = container.get(AddSaversToAudience);
  events.subscribe(async (published) => {
    const event = await addSavers.execute(published);
    const [notified, mailed] = await Promise.allSettled([
      notifyOnEvent.execute(event),
      emailOnEvent.execute(event),
    ]);
    if (mailed.status === 'fulfilled' && mailed.value > 0) mailWorker.wake();
    for (const outcome of [notified, mailed]) if (outcome.status === 'rejected') throw outcome.reason;
  });

  // The relay delivers the outbox events that no process delivered (one died after its commit, a
  // subscriber failed): at start, then every OUTBOX_POLL_MS, on every instance (SKIP LOCKED).
  const relayWorker = every(config.outboxPollMs, 'event relay', async () => {
    const delivered = await events.relay();
    if (delivered > 0) log.info({ delivered }, 'delivered events left in the outbox');
  }).start();
  relayWorker.wake();

  // Expired OAuth grants, codes, tokens and interactions are never answered; swept hourly (decision 0213).
  const oauthModels = container.get(TOKENS.OAuthModels);
  const clock = container.get(TOKENS.Clock);
  const oauthSweep = every(OAUTH_SWEEP_MS, 'expired OAuth models', async () => {
    const swept = await oauthModels.deleteExpired(clock.now());
    if (swept > 0) log.debug({ swept }, 'expired OAuth models removed');
  }).start();

  return {
    mail: mailWorker,
    mailRetention: retentionWorker,
    unreadReminders: reminderWorker,
    digests: digestWorker,
    webhooks: webhookWorker,
    events: relayWorker,
    oauthSweep,
  };
}
