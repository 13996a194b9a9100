import type { EmailAudience, MailOutbox } from '../email/ports.ts';
import { composeAccountMail } from '../email/templates.ts';
import { UseCase } from '../shared/use-case.ts';
import type { WebhookNotices } from './ports.ts';

/**
 * WebhookNotices by mail: the owner of an endpoint disabled for failed deliveries gets a mail through the
 * mail outbox (docs/decisions/0212-signed-webhooks.md). It is about a service they set up, so it goes
 * whatever their notification setting, as an account mail does. One mail per disabling (its dedupe key).
 * `wake` (the mail worker's) sends it without waiting for a poll.
 */
export class MailWebhookNotices
  extends UseCase<{
    audience: Pick<EmailAudience, 'recipients'>;
    outbox: MailOutbox;
    /** Where the owner manages their endpoints, e.g. https://buildbid.example.com/account/developer. */
    developerPageUrl: string;
    wake?: (() => void) | undefined;
  }>
  implements WebhookNotices
{
  async endpointDisabled(
    endpoint: { id: string; ownerUserId: string; url: string },
    at: Date,
  ): Promise<void> {
    const [owner] = await this.deps.audience.recipients([endpoint.ownerUserId]);
    if (!owner) return;
    const mail = composeAccountMail(owner, {
      subject: 'Your BuildBid webhook endpoint was disabled',
      paragraphs: [
        `Deliveries to your webhook endpoint ${endpoint.url} have failed for 3 days, so we disabled it and stopped sending events to it.`,
        'Fix the endpoint, send it a test event, then enable it again. You can resend the failed deliveries from its log.',
      ],
      action: { label: 'Open your webhook endpoints', url: this.deps.developerPageUrl },
    });
    const dedupeKey = `webhook_endpoint_disabled:${endpoint.id}:${at.toISOString()}`;
    const queued = await this.deps.outbox.enqueue([{ ...mail, userId: owner.id, dedupeKey }], at);
    if (queued > 0) this.deps.wake?.();
  }
}
