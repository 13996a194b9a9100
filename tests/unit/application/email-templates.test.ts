import { describe, expect, it } from 'vitest';
import type { UserRepository } from '#application/accounts/ports.ts';
import { EmailOnEvent } from '#application/email/index.ts';
import type { EmailAudience, EmailSettings, MailOutbox, QueuedMail } from '#application/email/ports.ts';
import { composeAccountMail, composeMail } from '#application/email/templates.ts';
import { notificationsForEvent } from '#domain/notification/notification.ts';
import type { BidDeadlineChanged } from '#domain/shared/events.ts';
import { endOfLocalDay, formatDay } from '#domain/shared/time-zone.ts';
import { formatDate } from '#packages/ui/src/format.ts';
import { aClient, aContractor, aProject, NOW } from '../../fakes/mothers.ts';

const content = {
  subject: 'New bid on\r\nyour <project>',
  paragraphs: ['Marcus bid $1,200 on "Porch & steps".'],
  action: { label: 'Open the project', url: 'https://buildbid.example/projects/1?a=1&b=2' },
};

describe('mail templates', () => {
  it('a notification mail carries the unsubscribe link in its body and in the one-click headers', () => {
    const mail = composeMail(
      { id: 'u1', email: 'ann@example.com', name: 'Ann Rolle', emailNotifications: true },
      content,
      'https://buildbid.example/api/unsubscribe?token=t',
    );
    expect(mail.subject).toBe('New bid on your <project>');
    expect(mail.text).toContain('Hello Ann Rolle,');
    expect(mail.text).toContain('Open the project: https://buildbid.example/projects/1?a=1&b=2');
    expect(mail.text).toContain('Unsubscribe: https://buildbid.example/api/unsubscribe?token=t');
    expect(mail.html).toContain('&quot;Porch &amp; steps&quot;');
    expect(mail.html).toContain('<a href="https://buildbid.example/api/unsubscribe?token=t">Unsubscribe</a>');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://buildbid.example/api/unsubscribe?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('an account mail (reset, verification) has the same body and no unsubscribe link: it is the person’s own request', () => {
    const mail = composeAccountMail({ email: 'ann@example.com', name: 'Ann Rolle' }, content);
    expect(mail.to).toBe('ann@example.com');
    expect(mail.text).toContain('Hello Ann Rolle,');
    expect(mail.text).toContain('Open the project: https://buildbid.example/projects/1?a=1&b=2');
    expect(mail.text).not.toContain('Unsubscribe');
    expect(mail.html).toContain('href="https://buildbid.example/projects/1?a=1&amp;b=2"');
    expect(mail.headers).toEqual({});
  });
});

describe('dates in notifications and mails (issue 23): as the page shows them, in Nassau', () => {
  // What the owner picked (Jan 10, 2027) is stored as the end of that day in Nassau: 04:59:59.999Z on Jan 11.
  const jan10 = endOfLocalDay('2027-01-10', 'America/Nassau');
  const jul4 = endOfLocalDay('2026-07-04', 'America/Nassau');

  it('formatDay names the Nassau calendar day, in EST and in EDT', () => {
    expect(jan10.toISOString()).toBe('2027-01-11T04:59:59.999Z');
    expect(formatDay(jan10)).toBe('Jan 10, 2027');
    expect(jul4.toISOString()).toBe('2026-07-05T03:59:59.999Z');
    expect(formatDay(jul4)).toBe('Jul 4, 2026');
    expect(formatDay(new Date('2027-01-11T05:00:00.000Z'))).toBe('Jan 11, 2027');
    expect(formatDay(jan10, 'UTC')).toBe('Jan 11, 2027');
  });

  it('formatDay writes every day exactly as the pages’ formatDate (@buildbid/ui) does', () => {
    for (let t = Date.UTC(2026, 0, 1, 2, 30); t < Date.UTC(2028, 0, 1); t += 7 * 3_600_000 + 1_234_567) {
      expect(formatDay(new Date(t))).toBe(formatDate(new Date(t)));
    }
  });

  const changed = (bidDeadline: Date | null): BidDeadlineChanged => ({
    type: 'bid_deadline_changed',
    occurredAt: NOW,
    projectId: 'p1',
    projectTitle: 'Deck & stairs',
    ownerId: 'client-1',
    previousDeadline: null,
    bidDeadline,
    recipientIds: ['c1'],
  });

  it('the Bid deadline changed notification names the day, never a timestamp', () => {
    expect(notificationsForEvent(changed(jan10))).toEqual([
      {
        userId: 'c1',
        type: 'system',
        title: 'Bid deadline changed',
        message:
          'The bid deadline of “Deck & stairs” is now Jan 10, 2027. You may revise your bid until then.',
        relatedEntityId: 'p1',
      },
    ]);
    expect(notificationsForEvent(changed(null))[0]?.message).toBe(
      '“Deck & stairs” no longer has a bid deadline. You may revise your bid.',
    );
  });

  it('the Bid deadline changed mail names the same day in its text and its HTML', async () => {
    const bidder = aContractor('c1');
    const queued: QueuedMail[] = [];
    const outbox = {
      enqueue: async (mails: readonly QueuedMail[]) => {
        queued.push(...mails);
        return mails.length;
      },
    } as unknown as MailOutbox;
    const users = { findById: async (id: string) => (id === bidder.id ? bidder : null) };
    const emailOnEvent = new EmailOnEvent({
      audience: {} as EmailAudience,
      users: users as unknown as UserRepository,
      outbox,
      tokens: { issue: (id: string) => `t-${id}`, verify: () => null },
      settings: { publicUrl: 'https://buildbid.example' } as EmailSettings,
      clock: { now: () => NOW },
    });
    expect(await emailOnEvent.execute(changed(jan10))).toBe(1);
    const [mail] = queued;
    expect(mail?.subject).toBe('Bid deadline changed: Deck & stairs');
    expect(mail?.text).toContain('The bid deadline of “Deck & stairs” is now Jan 10, 2027.');
    expect(mail?.html).toContain('is now Jan 10, 2027.');
    expect(`${mail?.text}${mail?.html}`).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('the deadline errors a page may show name days too', () => {
    const owner = aClient();
    const day = (d: string) => endOfLocalDay(d, 'America/Nassau');
    const project = aProject({ owner, bidDeadline: jan10, deadline: day('2027-03-01') });
    expect(() => project.changeBidDeadline(owner, day('2026-12-01'), ['c1'], NOW)).toThrow(
      'The project has bids: the bid deadline cannot be moved before Jan 10, 2027',
    );
    expect(() => project.changeBidDeadline(owner, day('2027-04-01'), [], NOW)).toThrow(
      'The bid deadline cannot be after the project deadline (Mar 1, 2027)',
    );
    const late = aProject({ owner, bidDeadline: jan10 });
    expect(() => late.assertTakingBids(new Date('2027-01-12T00:00:00Z'))).toThrow(
      'The bid deadline for this project, Jan 10, 2027, has passed',
    );
  });
});
