import type { Container } from 'inversify';
import type { Logger } from 'pino';
import type { SqlProjectEngagement } from '#adapters/persistence/sql-engagement.ts';
import type { OutboxEventPublisher } from '#adapters/persistence/sql-event-outbox.ts';
import type { SqlSavedSearches } from '#adapters/persistence/sql-saved-searches.ts';
import { BackgroundLoop } from '#adapters/system/background-loop.ts';
import {
  DeliverOutbox,
  EmailOnEvent,
  RemindUnreadMessages,
  SendSavedSearchDigests,
} from '#application/email/index.ts';
import { MAIL_PURGE_INTERVAL_MS, PurgeSentMail } from '#application/email/retention.ts';
import { AddSaversToAudience } from '#application/engagement/index.ts';
import { NotifyOnEvent } from '#application/notifications/index.ts';
import { AlertSavedSearches } from '#application/saved-searches/index.ts';
import type { Clock } from '#application/shared/ports.ts';
import type { Config } from '../config.ts';
import { TOKENS } from './tokens.ts';

/**
 * The workers: the mail outbox, the sent mails' retention (decision 0194), the unread-message reminders,
 * the saved-search alerts and digests, the notifications and mails that follow committed events, and the
 * event relay. Started here, stopped by the composition's close().
 */
export function startWorkers(
  container: Container,
  shared: {
    config: Config;
    log: Logger;
    events: OutboxEventPublisher;
    savedSearches: SqlSavedSearches;
    engagement: SqlProjectEngagement;
    clock: Clock;
  },
) {
  const { config, log, events, savedSearches, engagement, clock } = shared;
  const { MailOutbox: Outbox, Clock: Time } = TOKENS;
  // Background: the outbox worker sends queued mails (with retries); reminders for unread messages.
  const deliverOutbox = container.get(DeliverOutbox);
  const mailWorker = new BackgroundLoop({
    intervalMs: config.mailPollMs,
    task: async () => {
      const round = await deliverOutbox.execute();
      if (round.failed > 0) log.warn({ ...round }, 'some mails could not be sent; they will be retried');
    },
    onError: (error) => log.error({ err: error }, 'mail outbox round failed'),
  }).start();
  // Sent mails keep their receivers' addresses and names: gone after the retention period (decision 0194).
  container
    .bind(PurgeSentMail)
    .toResolvedValue((o, c) => new PurgeSentMail({ outbox: o, clock: c }), [Outbox, Time]);
  const purgeSentMail = container.get(PurgeSentMail);
  const retentionWorker = new BackgroundLoop({
    intervalMs: MAIL_PURGE_INTERVAL_MS,
    task: async () => {
      const purged = await purgeSentMail.execute();
      if (purged > 0) log.info({ purged }, 'sent mails past their retention period removed');
    },
    onError: (error) => log.error({ err: error }, 'sent-mail retention round failed'),
  }).start();
  const remindUnread = container.get(RemindUnreadMessages);
  const reminderWorker = new BackgroundLoop({
    intervalMs: 60_000,
    task: async () => {
      if ((await remindUnread.execute()) > 0) mailWorker.wake();
    },
    onError: (error) => log.error({ err: error }, 'unread-message reminder round failed'),
  }).start();

  // Notifications and mails follow the committed events.
  // New projects alert the saved searches they match (decision 0133); the daily digests go out from a loop.
  // The alerts run after the post has answered: a project matching hundreds of searches must not make its
  // owner wait (decision 0133's goal: a post stays within 20 ms of its time without saved searches).
  const alertSavedSearches = new AlertSavedSearches({ searches: savedSearches, events, clock });
  events.subscribeInBackground(async (event) => {
    if (event.type !== 'project_posted') return;
    await alertSavedSearches.execute(event);
  });
  const sendDigests = container.get(SendSavedSearchDigests);
  const digestWorker = new BackgroundLoop({
    intervalMs: config.digestPollMs,
    task: async () => {
      if ((await sendDigests.execute()) > 0) mailWorker.wake();
    },
    onError: (error) => log.error({ err: error }, 'saved-search digest round failed'),
  }).start();

  // A project's news reaches its savers as well as its bidders (decision 0130): the audience is widened once.
  const notifyOnEvent = container.get(NotifyOnEvent);
  const emailOnEvent = container.get(EmailOnEvent);
  const addSavers = new AddSaversToAudience({ engagement });
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
  const relayWorker = new BackgroundLoop({
    intervalMs: config.outboxPollMs,
    task: async () => {
      const delivered = await events.relay();
      if (delivered > 0) log.info({ delivered }, 'delivered events left in the outbox');
    },
    onError: (error) => log.error({ err: error }, 'event relay round failed'),
  }).start();
  relayWorker.wake();

  return {
    mail: mailWorker,
    mailRetention: retentionWorker,
    unreadReminders: reminderWorker,
    digests: digestWorker,
    events: relayWorker,
  };
}
