import { describe, expect, it } from 'vitest';
import { notificationsForEvent } from '#domain/notification/notification.ts';
import {
  claimItem,
  type DecisionTarget,
  decideItem,
  describeTarget,
  fileReport,
  fileSystemReport,
  type ModerationClaim,
  REPORT_DETAILS_MAX_LENGTH,
  type ReportSnapshot,
  type ReportTarget,
  releaseItem,
  seesContent,
} from '#domain/safety/report.ts';
import { aClient, aContractor, anAdmin, NOW } from '../../fakes/mothers.ts';

const owner = aClient('owner');
const contractor = aContractor('contractor');
const admin = anAdmin('admin');
const otherAdmin = anAdmin('admin-2');

const project: ReportTarget = {
  type: 'project',
  id: 'p1',
  authorId: 'owner',
  viewerIds: null,
  projectId: 'p1',
  projectTitle: 'Kitchen',
  hidden: false,
};
const message: ReportTarget = {
  ...project,
  type: 'message',
  id: 'm1',
  authorId: 'owner',
  viewerIds: ['owner', 'contractor'],
  projectId: null,
  projectTitle: null,
};

const report = (o: Partial<Parameters<typeof fileReport>[0]> = {}) =>
  fileReport({
    id: 'r1',
    reporter: contractor,
    target: project,
    reason: 'scam',
    alreadyOpen: false,
    now: NOW,
    ...o,
  });

/** Decision 0221: reporting (issue 27 item 1). */
describe('fileReport', () => {
  it('files an open report naming the item, its author, the reason and the words given', () => {
    expect(report({ details: '  Wants a wire transfer  ' })).toEqual({
      id: 'r1',
      reporterId: 'contractor',
      targetType: 'project',
      targetId: 'p1',
      authorId: 'owner',
      reason: 'scam',
      details: 'Wants a wire transfer',
      status: 'open',
      outcome: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: NOW,
    });
  });

  it('refuses reporting your own content (400 CANNOT_REPORT_OWN)', () => {
    expect(() => report({ reporter: owner })).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'CANNOT_REPORT_OWN' }),
    );
  });

  it('answers 404 for an item the reporter cannot see: another pair’s message, or content hidden already', () => {
    const stranger = aContractor('stranger');
    expect(() => report({ reporter: stranger, target: message })).toThrow(
      expect.objectContaining({ kind: 'not_found', code: 'REPORT_TARGET_NOT_FOUND' }),
    );
    expect(() => report({ target: { ...project, hidden: true } })).toThrow(
      expect.objectContaining({ code: 'REPORT_TARGET_NOT_FOUND' }),
    );
    expect(report({ target: message }).targetType).toBe('message');
  });

  it('allows one open report per reporter per item (409 ALREADY_REPORTED)', () => {
    expect(() => report({ alreadyOpen: true })).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'ALREADY_REPORTED' }),
    );
  });

  it("needs the reporter's words for 'other', at most REPORT_DETAILS_MAX_LENGTH characters", () => {
    expect(() => report({ reason: 'other', details: '   ' })).toThrow(
      expect.objectContaining({ code: 'REPORT_DETAILS_REQUIRED', field: 'details' }),
    );
    expect(() => report({ reason: 'spam', details: 'x'.repeat(REPORT_DETAILS_MAX_LENGTH + 1) })).toThrow(
      expect.objectContaining({ code: 'REPORT_TEXT_TOO_LONG', field: 'details' }),
    );
    expect(report({ reason: 'other', details: 'Posted twice' }).details).toBe('Posted twice');
  });

  it("takes the issue's reasons only, and 'fake review' for a review only (400 INVALID_REPORT_REASON)", () => {
    expect(() => report({ reason: 'rude' })).toThrow(
      expect.objectContaining({ code: 'INVALID_REPORT_REASON' }),
    );
    expect(() => report({ reason: 'fake_review' })).toThrow(
      expect.objectContaining({ code: 'INVALID_REPORT_REASON' }),
    );
    const review = { ...project, type: 'review' as const, id: 'rv1' };
    expect(report({ reason: 'fake_review', target: review }).reason).toBe('fake_review');
  });

  it('files BuildBid’s own report without a reporter (the signals)', () => {
    const own = fileSystemReport({
      id: 'r9',
      target: message,
      reason: 'off_platform_payment',
      details: null,
      now: NOW,
    });
    expect(own).toMatchObject({ reporterId: null, targetType: 'message', status: 'open', authorId: 'owner' });
  });
});

const claimBy = (adminId: string, adminName = 'Ada Admin'): ModerationClaim => ({
  adminId,
  adminName,
  claimedAt: NOW,
});

/** Decision 0221: claiming an item of the queue (issue 27 item 2). */
describe('claimItem / releaseItem', () => {
  it('stores a claim on an item with open reports, and changes nothing when the admin claims it again', () => {
    expect(claimItem({ admin, openReports: 2, claim: null })).toBe(true);
    expect(claimItem({ admin, openReports: 2, claim: claimBy('admin') })).toBe(false);
  });

  it("refuses another admin's claimed item (409 CLAIMED_BY_ANOTHER_ADMIN, naming who holds it)", () => {
    expect(() => claimItem({ admin: otherAdmin, openReports: 1, claim: claimBy('admin') })).toThrow(
      expect.objectContaining({
        kind: 'conflict',
        code: 'CLAIMED_BY_ANOTHER_ADMIN',
        message: 'Ada Admin claimed this item. Only they can act on it until they release it.',
      }),
    );
    expect(() => releaseItem({ admin: otherAdmin, claim: claimBy('admin') })).toThrow(
      expect.objectContaining({ code: 'CLAIMED_BY_ANOTHER_ADMIN' }),
    );
  });

  it('answers 404 NO_OPEN_REPORTS for an item without open reports, and 403 to anyone but an admin', () => {
    expect(() => claimItem({ admin, openReports: 0, claim: null })).toThrow(
      expect.objectContaining({ kind: 'not_found', code: 'NO_OPEN_REPORTS' }),
    );
    expect(() => claimItem({ admin: owner, openReports: 1, claim: null })).toThrow(
      expect.objectContaining({ kind: 'forbidden', code: 'ADMIN_ONLY' }),
    );
  });

  it('releases only a claim there is', () => {
    expect(releaseItem({ admin, claim: claimBy('admin') })).toBe(true);
    expect(releaseItem({ admin, claim: null })).toBe(false);
  });
});

const open = (id: string, reporterId: string | null, o: Partial<ReportSnapshot> = {}): ReportSnapshot => ({
  ...report({ id }),
  reporterId,
  ...o,
});
const target: DecisionTarget = { ...project };
const decide = (o: Partial<Parameters<typeof decideItem>[0]> = {}) =>
  decideItem({
    admin,
    claim: null,
    openReports: [open('r1', 'contractor'), open('r2', 'vendor'), open('r3', 'contractor'), open('r4', null)],
    target,
    action: 'hide',
    reason: 'scam',
    now: NOW,
    ...o,
  });

/** Decision 0221: deciding on an item (issue 27 item 2). */
describe('decideItem', () => {
  it('hides: each reporter is told once (not BuildBid), the author is told why', () => {
    const decision = decide({ note: 'Payment outside BuildBid.' });
    expect(decision).toMatchObject({
      outcome: 'hidden',
      hides: true,
      reason: 'scam',
      note: 'Payment outside BuildBid.',
    });
    expect(decision.events).toEqual([
      {
        type: 'report_decided',
        occurredAt: NOW,
        targetType: 'project',
        targetId: 'p1',
        projectId: 'p1',
        recipientIds: ['contractor', 'vendor'],
        outcome: 'hidden',
        what: 'the project “Kitchen”',
      },
      {
        type: 'content_hidden',
        occurredAt: NOW,
        targetType: 'project',
        targetId: 'p1',
        projectId: 'p1',
        recipientId: 'owner',
        what: 'your project “Kitchen”',
        reason: 'Scam or fraud',
        note: 'Payment outside BuildBid.',
      },
    ]);
  });

  it('dismisses: the reporters are told, the author is not; no reason needed', () => {
    const decision = decide({ action: 'dismiss', reason: undefined, note: 'ignored' });
    expect(decision).toMatchObject({ outcome: 'dismissed', hides: false, reason: null, note: null });
    expect(decision.events.map((e) => e.type)).toEqual(['report_decided']);
  });

  it('warns: the author is warned, with the reason; the content stays', () => {
    const decision = decide({ action: 'warn', reason: 'offensive' });
    expect(decision.hides).toBe(false);
    expect(decision.events.map((e) => e.type)).toEqual(['report_decided', 'user_warned']);
  });

  it('hiding content hidden already tells the author nothing twice', () => {
    const decision = decide({ target: { ...target, hidden: true } });
    expect(decision.hides).toBe(false);
    expect(decision.events.map((e) => e.type)).toEqual(['report_decided']);
  });

  it('needs a reason for hide and warn (400 MODERATION_REASON_REQUIRED); a profile is never hidden', () => {
    expect(() => decide({ reason: '' })).toThrow(
      expect.objectContaining({ code: 'MODERATION_REASON_REQUIRED' }),
    );
    const profile = { ...target, type: 'user' as const, id: 'owner' };
    expect(() => decide({ target: profile })).toThrow(
      expect.objectContaining({ code: 'CANNOT_HIDE_PROFILE' }),
    );
    expect(decide({ target: profile, action: 'warn' }).outcome).toBe('warned');
  });

  it("refuses another admin's claim (409), decided reports (409 REPORTS_ALREADY_DECIDED), and non-admins (403)", () => {
    expect(() => decide({ claim: claimBy('admin-2', 'Bo Admin') })).toThrow(
      expect.objectContaining({ code: 'CLAIMED_BY_ANOTHER_ADMIN' }),
    );
    expect(decide({ claim: claimBy('admin') }).outcome).toBe('hidden');
    expect(() => decide({ openReports: [] })).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'REPORTS_ALREADY_DECIDED' }),
    );
    expect(() => decide({ admin: owner })).toThrow(expect.objectContaining({ code: 'ADMIN_ONLY' }));
  });

  it('cannot warn an author whose account is gone (409 NO_ONE_TO_WARN)', () => {
    expect(() => decide({ action: 'warn', target: { ...target, authorId: null } })).toThrow(
      expect.objectContaining({ code: 'NO_ONE_TO_WARN' }),
    );
  });
});

describe('the notices of a decision', () => {
  it('tell each reporter the outcome and the author why, as notifications', () => {
    const [decided, hidden] = decide({ note: 'Payment outside BuildBid.' }).events;
    expect(decided && notificationsForEvent(decided)).toEqual([
      expect.objectContaining({
        userId: 'contractor',
        title: 'Your report was reviewed',
        message: "Thank you for your report. We hid the project “Kitchen”: it broke BuildBid's rules.",
        relatedEntityId: 'p1',
      }),
      expect.objectContaining({ userId: 'vendor' }),
    ]);
    expect(hidden && notificationsForEvent(hidden)).toEqual([
      expect.objectContaining({
        userId: 'owner',
        title: 'Content hidden by BuildBid',
        message:
          "We hid your project “Kitchen” after reports. Reason: Scam or fraud. Payment outside BuildBid. Only you and BuildBid's admins can see it now.",
      }),
    ]);
  });

  it('name every kind of item', () => {
    expect(describeTarget('message', null, 'your')).toBe('your message');
    expect(describeTarget('answer', 'Roof', 'the')).toBe('the answer on “Roof”');
    expect(describeTarget('user', null, 'the')).toBe('the profile');
  });
});

describe('seesContent', () => {
  it('shows hidden content to its author and admins only', () => {
    expect(seesContent(contractor, 'owner', false)).toBe(true);
    expect(seesContent(contractor, 'owner', true)).toBe(false);
    expect(seesContent(null, 'owner', true)).toBe(false);
    expect(seesContent(owner, 'owner', true)).toBe(true);
    expect(seesContent(admin, 'owner', true)).toBe(true);
  });
});
