import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '#application/email/index.ts';
import { Message, messagePreview } from '#domain/message/message.ts';
import { notificationsForEvent } from '#domain/notification/notification.ts';
import { User } from '#domain/user/user.ts';

const now = new Date('2026-12-10T12:00:00Z');
const base = { id: 'm1', senderId: 'a', receiverId: 'b', now };

describe('Message.send', () => {
  it('trims the content and defaults to text without a project', () => {
    expect(Message.send({ ...base, content: '  hi  ' }).toSnapshot()).toMatchObject({
      content: 'hi',
      type: 'text',
      projectId: null,
      isRead: false,
    });
  });
  it.each([
    [{ content: ' \n ' }, 'MESSAGE_EMPTY'],
    [{ content: 'x'.repeat(5001) }, 'MESSAGE_TOO_LONG'],
    [{ content: 'hi', receiverId: 'a' }, 'CANNOT_MESSAGE_SELF'],
    [{ content: 'hi', type: 'system' }, 'UNSUPPORTED_MESSAGE_TYPE'],
  ])('refuses %j (%s)', (input, code) => {
    expect(() => Message.send({ ...base, ...input })).toThrow(expect.objectContaining({ code }));
  });
  it('previews on one line, at most 120 characters', () => {
    expect(messagePreview('a\n\nb')).toBe('a b');
    expect([...messagePreview('é'.repeat(500))]).toHaveLength(120);
  });
});

describe('notificationsForEvent', () => {
  it('maps each event to its type, recipient and related entity', () => {
    const common = { occurredAt: now, projectId: 'p1', projectTitle: 'Roof' };
    expect(
      notificationsForEvent({
        ...common,
        type: 'bid_submitted',
        bidId: 'b1',
        contractorId: 'c1',
        recipientId: 'o1',
        amountCents: 1850000,
        projectPostedAt: now,
      }),
    ).toEqual([
      {
        userId: 'o1',
        type: 'bid_received',
        title: 'New bid received',
        message: 'A bid of $18,500.00 was placed on “Roof”.',
        relatedEntityId: 'p1',
      },
    ]);
    expect(
      notificationsForEvent({
        ...common,
        type: 'bid_rejected',
        bidId: 'b1',
        recipientId: 'c1',
        reason: 'declined',
      })[0],
    ).toMatchObject({ type: 'bid_rejected', message: 'Your bid on “Roof” was declined.' });
    expect(
      notificationsForEvent({
        type: 'message_sent',
        occurredAt: now,
        messageId: 'm1',
        senderId: 's1',
        senderName: 'Sam',
        recipientId: 'r1',
        projectId: null,
        preview: 'Hello',
      }),
    ).toEqual([
      {
        userId: 'r1',
        type: 'message_received',
        title: 'New message from Sam',
        message: 'Hello',
        relatedEntityId: 's1',
      },
    ]);
    expect(
      notificationsForEvent({
        type: 'project_posted',
        occurredAt: now,
        projectId: 'p',
        ownerId: 'o',
        services: [],
        country: 'BS',
      }),
    ).toEqual([]);
  });
});

describe('User profile changes', () => {
  const user = () =>
    User.register({ id: 'u1', email: 'ann@example.com', passwordHash: 'h', role: 'client', now });
  const form = { firstName: 'Ann', lastName: 'Archer', email: 'ann@x.com', country: 'CA', role: 'vendor' };

  it('updates the form, checking every field before changing any', () => {
    const u = user();
    expect(() => u.updateProfile({ ...form, country: '' }, now)).toThrow('Country is required');
    expect(u.firstName).toBeNull();
    u.updateProfile(form, now);
    expect(u.toSnapshot()).toMatchObject({
      firstName: 'Ann',
      email: 'ann@x.com',
      country: 'CA',
      role: 'vendor',
    });
    expect(() => u.updateProfile({ ...form, role: 'admin' }, now)).toThrow(
      expect.objectContaining({ code: 'ROLE_NOT_SELF_ASSIGNABLE' }),
    );
  });
  it('checks services against the catalogue and toggles email', () => {
    const u = user();
    u.changeServices(['roofing', 'roofing', 'plumbing'], now);
    expect(u.services).toEqual(['roofing', 'plumbing']);
    expect(() => u.changeServices(['nope'], now)).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_SERVICE' }),
    );
    u.changeEmailNotifications(false, now);
    expect(u.emailNotifications).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 10, 100].map((n) => retryDelayMs(n, 1000, 10_000))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });
});

describe('formatUsd', () => {
  it('writes amounts for people, with thousands separators', async () => {
    const { formatUsd } = await import('#domain/shared/money.ts');
    expect(formatUsd(6_750_000)).toBe('$67,500.00');
    expect(formatUsd(123_456_789)).toBe('$1,234,567.89');
    expect(formatUsd(99)).toBe('$0.99');
    expect(formatUsd(-150_000)).toBe('-$1,500.00');
  });
});
