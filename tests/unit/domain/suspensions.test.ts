import { describe, expect, it } from 'vitest';
import { Bid } from '#domain/bid/bid.ts';
import { notificationsForEvent } from '#domain/notification/notification.ts';
import {
  activeSuspension,
  assertNotSuspended,
  isActiveAt,
  lastDayOf,
  lift,
  MAX_SUSPENSION_DAYS,
  MAX_SUSPENSION_REASON_LENGTH,
  mailGoesTo,
  projectVisibleTo,
  type SuspensionSnapshot,
  suspend,
  suspendedMessage,
  suspensionEnd,
} from '#domain/safety/suspension.ts';
import { aClient, aContractor, anAdmin, aProject, DAY, validTerms } from '../../fakes/mothers.ts';

const admin = anAdmin('admin-1');
const contractor = aContractor('contractor-1');
const client = aClient('client-1');
/** Wednesday Nov 25, 2026, 10:00 in Nassau (EST, UTC-5). */
const NOW = new Date('2026-11-25T15:00:00Z');

const suspendFor = (days: number | null, current: SuspensionSnapshot | null = null) =>
  suspend({ id: 's1', admin, target: contractor, terms: { days, reason: 'Cash only.' }, current, now: NOW });

/** Decision 0223: suspending an account (issue 27 item 3). */
describe('suspend', () => {
  it('lasts through the end of the Nassau day `days` days on, or until lifted; keeps the reason and the report', () => {
    expect(suspendFor(7)).toEqual({
      id: 's1',
      userId: 'contractor-1',
      suspendedBy: 'admin-1',
      reason: 'Cash only.',
      startsAt: NOW,
      endsAt: new Date('2026-12-03T04:59:59.999Z'),
      liftedAt: null,
      liftedBy: null,
      reportId: null,
    });
    expect(lastDayOf(new Date('2026-12-03T04:59:59.999Z'))).toBe('Dec 2, 2026');
    expect(suspendFor(null).endsAt).toBeNull();
    const fromReport = suspend({
      id: 's2',
      admin,
      target: contractor,
      terms: { days: 1, reason: '  Spam  ' },
      current: null,
      reportId: 'report-1',
      now: NOW,
    });
    expect(fromReport).toMatchObject({ reason: 'Spam', reportId: 'report-1' });
    // Late in the evening in Nassau is already the next day in UTC: the days count in Nassau.
    expect(suspensionEnd(new Date('2026-11-26T04:30:00Z'), 1)).toEqual(new Date('2026-11-27T04:59:59.999Z'));
    // Summer time: the day ends at 03:59:59.999Z.
    expect(suspensionEnd(new Date('2026-07-01T12:00:00Z'), 2)).toEqual(new Date('2026-07-04T03:59:59.999Z'));
  });

  it('is an admin’s act, never on an admin (so never on the last one), nor on a deleted account', () => {
    const input = { id: 's', terms: { days: 3, reason: 'x' }, current: null, now: NOW };
    expect(() => suspend({ ...input, admin: client, target: contractor })).toThrow(
      expect.objectContaining({ kind: 'forbidden', code: 'ADMIN_ONLY' }),
    );
    expect(() => suspend({ ...input, admin, target: anAdmin('admin-2') })).toThrow(
      expect.objectContaining({ kind: 'forbidden', code: 'CANNOT_SUSPEND_ADMIN' }),
    );
    expect(() => suspend({ ...input, admin, target: admin })).toThrow(
      expect.objectContaining({ code: 'CANNOT_SUSPEND_ADMIN' }),
    );
    expect(() =>
      suspend({
        ...input,
        admin,
        target: { ...contractor, id: 'gone', role: 'contractor', isDeleted: true },
      }),
    ).toThrow(expect.objectContaining({ kind: 'not_found', code: 'USER_NOT_FOUND' }));
  });

  it(`takes 1 to ${MAX_SUSPENSION_DAYS} whole days or null, and a reason of 1 to ${MAX_SUSPENSION_REASON_LENGTH} characters`, () => {
    for (const days of [0, -1, 1.5, MAX_SUSPENSION_DAYS + 1]) {
      expect(() => suspendFor(days)).toThrow(
        expect.objectContaining({ kind: 'invalid', code: 'INVALID_SUSPENSION_DAYS', field: 'days' }),
      );
    }
    expect(() => suspendFor(MAX_SUSPENSION_DAYS)).not.toThrow();
    const withReason = (reason: string) =>
      suspend({ id: 's', admin, target: contractor, terms: { days: 1, reason }, current: null, now: NOW });
    expect(() => withReason('  ')).toThrow(
      expect.objectContaining({ code: 'SUSPENSION_REASON_REQUIRED', field: 'reason' }),
    );
    expect(() => withReason('x'.repeat(MAX_SUSPENSION_REASON_LENGTH))).not.toThrow();
    expect(() => withReason('x'.repeat(MAX_SUSPENSION_REASON_LENGTH + 1))).toThrow(
      expect.objectContaining({ code: 'SUSPENSION_REASON_TOO_LONG' }),
    );
  });

  it('refuses a second one while the first stands (409 ALREADY_SUSPENDED, naming it); one that ran out or was lifted does not count', () => {
    const standing = suspendFor(7);
    expect(() => suspendFor(3, standing)).toThrow(
      expect.objectContaining({
        kind: 'conflict',
        code: 'ALREADY_SUSPENDED',
        message:
          'This user is already suspended through Dec 2, 2026. Lift the suspension first to change it.',
      }),
    );
    expect(() => suspendFor(3, { ...standing, endsAt: new Date(NOW.getTime() - 1) })).not.toThrow();
    expect(() => suspendFor(3, { ...standing, liftedAt: NOW })).not.toThrow();
  });
});

describe('a suspension in time', () => {
  const s = suspendFor(1);
  it('stands until its last instant, then is over with nothing to run; until lifted stands until lifted', () => {
    expect(isActiveAt(s, NOW)).toBe(true);
    expect(isActiveAt(s, new Date((s.endsAt as Date).getTime() - 1))).toBe(true);
    expect(isActiveAt(s, s.endsAt as Date)).toBe(false);
    expect(isActiveAt({ ...s, liftedAt: NOW }, NOW)).toBe(false);
    const forever = suspendFor(null);
    expect(isActiveAt(forever, new Date(NOW.getTime() + 3650 * DAY))).toBe(true);
    expect(isActiveAt(null, NOW)).toBe(false);
    expect(activeSuspension([{ ...s, id: 'old', liftedAt: NOW }, s], NOW)).toBe(s);
    expect(activeSuspension([{ ...s, liftedAt: NOW }], NOW)).toBeNull();
  });

  it('lifting is an admin’s, of a standing suspension only (409 NOT_SUSPENDED)', () => {
    expect(lift({ admin, current: s, now: NOW })).toEqual({ ...s, liftedAt: NOW, liftedBy: 'admin-1' });
    expect(() => lift({ admin: client, current: s, now: NOW })).toThrow(
      expect.objectContaining({ code: 'ADMIN_ONLY' }),
    );
    for (const current of [null, { ...s, liftedAt: NOW }, { ...s, endsAt: new Date(NOW.getTime() - 1) }]) {
      expect(() => lift({ admin, current, now: NOW })).toThrow(
        expect.objectContaining({
          kind: 'conflict',
          code: 'NOT_SUSPENDED',
          message: 'This user is not suspended',
        }),
      );
    }
  });
});

describe('what a suspension does', () => {
  const s = suspendFor(7);

  it('refuses sign-in with the last day, or until lifted (403 ACCOUNT_SUSPENDED); not once it is over', () => {
    expect(() => assertNotSuspended(s, NOW)).toThrow(
      expect.objectContaining({
        kind: 'forbidden',
        code: 'ACCOUNT_SUSPENDED',
        message: 'Your account is suspended through Dec 2, 2026. You can sign in again after that day.',
      }),
    );
    expect(suspendedMessage(suspendFor(null))).toBe(
      'Your account is suspended until an admin lifts the suspension.',
    );
    expect(() => assertNotSuspended(s, s.endsAt as Date)).not.toThrow();
    expect(() => assertNotSuspended(null, NOW)).not.toThrow();
  });

  it("hides the owner's projects from everyone but the owner and admins", () => {
    const project = { clientId: 'client-1' };
    expect(projectVisibleTo(contractor, project, true)).toBe(false);
    expect(projectVisibleTo(null, project, true)).toBe(false);
    expect(projectVisibleTo(client, project, true)).toBe(true);
    expect(projectVisibleTo(admin, project, true)).toBe(true);
    expect(projectVisibleTo(contractor, project, false)).toBe(true);
  });

  it("closes the owner's projects to bids in the words of a closed project", () => {
    const project = aProject({ id: 'p1', owner: client });
    const submit = (ownerSuspended: boolean) => () =>
      Bid.submit({
        id: 'b1',
        bidder: contractor,
        project,
        terms: validTerms(),
        now: project.createdAt,
        ownerSuspended,
      });
    expect(submit(true)).toThrow(
      expect.objectContaining({ code: 'PROJECT_NOT_BIDDING', message: 'This project is not accepting bids' }),
    );
    expect(submit(false)).not.toThrow();
  });

  it('lets no mail through to a suspended user but the notices', () => {
    expect(mailGoesTo(true, 'other')).toBe(false);
    expect(mailGoesTo(true, 'suspension_notice')).toBe(true);
    expect(mailGoesTo(false, 'other')).toBe(true);
  });

  it("withdraws a pending bid for good, and tells the owner the bidder's account was suspended", () => {
    const project = aProject({ id: 'p1', owner: client });
    const { bid } = Bid.submit({
      id: 'b1',
      bidder: contractor,
      project,
      terms: validTerms({ amount: '1250' }),
      now: project.createdAt,
    });
    const event = bid.withdraw(NOW, project, 'account_suspended');
    expect(event).toMatchObject({
      type: 'bid_withdrawn',
      recipientId: 'client-1',
      reason: 'account_suspended',
    });
    expect(bid.status).toBe('withdrawn');
    expect(notificationsForEvent(event)).toEqual([
      expect.objectContaining({
        userId: 'client-1',
        title: 'Bid withdrawn',
        message: `A bid of $1,250.00 on “${project.title}” was withdrawn: its bidder's account was suspended.`,
      }),
    ]);
  });
});
