import { describe, expect, it } from 'vitest';
import { assertMayBid } from '#domain/bid/bid.ts';
import { notificationsForEvent } from '#domain/notification/notification.ts';
import { ADDENDUM_MAX_LENGTH, Addendum } from '#domain/project/addendum.ts';
import { TooLargeError } from '#domain/shared/errors.ts';
import {
  aBid,
  aClient,
  aContractor,
  aFile,
  anAdmin,
  aProject,
  DAY,
  files,
  NOW,
} from '../../fakes/mothers.ts';

const owner = aClient();
const later = (days: number) => new Date(NOW.getTime() + days * DAY);

function errorOf(fn: () => unknown): { code: string; message: string; name: string } {
  try {
    fn();
  } catch (error) {
    return error as { code: string; message: string; name: string };
  }
  throw new Error('expected an error');
}

describe('changing the bid deadline (decision 0130)', () => {
  it('lets the owner extend it and tells every bidder, never the owner', () => {
    const project = aProject({ owner, bidDeadline: later(2) });
    const event = project.changeBidDeadline(owner, later(5), ['c1', 'c2', 'c1', owner.id], NOW);
    expect(project.bidDeadline).toEqual(later(5));
    expect(event).toMatchObject({
      type: 'bid_deadline_changed',
      previousDeadline: later(2),
      bidDeadline: later(5),
      recipientIds: ['c1', 'c2'],
    });
  });

  it('reopens bidding once the deadline has passed, so a late bidder gets in', () => {
    const project = aProject({ owner, bidDeadline: later(1) });
    const afterDeadline = later(2);
    const late = aContractor('late');
    expect(errorOf(() => assertMayBid(late, project, afterDeadline)).code).toBe('BID_DEADLINE_PASSED');
    project.changeBidDeadline(owner, later(4), [], afterDeadline);
    expect(() => assertMayBid(late, project, afterDeadline)).not.toThrow();
  });

  it('refuses a late bid with a 409 whose message names the deadline', () => {
    const project = aProject({ owner, bidDeadline: later(1) });
    const error = errorOf(() => project.assertTakingBids(later(2)));
    expect(error).toMatchObject({ code: 'BID_DEADLINE_PASSED', name: 'ConflictError' });
    expect(error.message).toBe('The bid deadline for this project, Mar 16, 2025, has passed');
  });

  it('never moves it into the past', () => {
    const project = aProject({ owner, bidDeadline: later(3) });
    const error = errorOf(() => project.changeBidDeadline(owner, later(5), [], later(6)));
    expect(error).toMatchObject({ code: 'BID_DEADLINE_IN_PAST', name: 'ValidationError' });
    expect(project.bidDeadline).toEqual(later(3));
  });

  it('never shortens it while bids exist, but may before any bid', () => {
    const project = aProject({ owner, bidDeadline: later(10) });
    const shortened = errorOf(() => project.changeBidDeadline(owner, later(5), ['c1'], NOW));
    expect(shortened).toMatchObject({ code: 'BID_DEADLINE_SHORTENED', name: 'ConflictError' });
    expect(shortened.message).toContain('cannot be moved before Mar 25, 2025');
    expect(project.bidDeadline).toEqual(later(10));

    project.changeBidDeadline(owner, later(5), [], NOW);
    expect(project.bidDeadline).toEqual(later(5));
  });

  it('does not set a first deadline on a project that has bids (that would shorten unlimited bidding)', () => {
    const project = aProject({ owner });
    expect(errorOf(() => project.changeBidDeadline(owner, later(5), ['c1'], NOW)).code).toBe(
      'BID_DEADLINE_SHORTENED',
    );
  });

  it('refuses the same deadline, a deadline after the project deadline, and a bad date', () => {
    const project = aProject({ owner, bidDeadline: later(3), deadline: later(20) });
    expect(errorOf(() => project.changeBidDeadline(owner, later(3), [], NOW)).code).toBe(
      'BID_DEADLINE_UNCHANGED',
    );
    expect(errorOf(() => project.changeBidDeadline(owner, later(21), [], NOW)).code).toBe(
      'DEADLINE_BEFORE_BID_DEADLINE',
    );
    expect(errorOf(() => project.changeBidDeadline(owner, new Date('nope'), [], NOW)).code).toBe(
      'INVALID_DATE',
    );
  });

  it('is the owner’s alone, and only while the project is in bidding', () => {
    const project = aProject({ owner, bidDeadline: later(3) });
    expect(errorOf(() => project.changeBidDeadline(aContractor(), later(5), [], NOW)).code).toBe(
      'NOT_PROJECT_OWNER',
    );
    expect(errorOf(() => project.changeBidDeadline(anAdmin(), later(5), [], NOW)).code).toBe(
      'NOT_PROJECT_OWNER',
    );
    const awarded = aProject({ owner });
    awarded.acceptBid(owner, aBid({ project: awarded }), [], NOW);
    expect(errorOf(() => awarded.changeBidDeadline(owner, later(5), [], NOW)).code).toBe(
      'PROJECT_NOT_BIDDING',
    );
    const cancelled = aProject({ owner });
    cancelled.cancel(owner, [], NOW);
    expect(errorOf(() => cancelled.changeBidDeadline(owner, later(5), [], NOW)).code).toBe(
      'PROJECT_NOT_ACTIVE',
    );
  });

  it('applies the same rules when the edit form moves the deadline, and leaves a refused edit unapplied', () => {
    const project = aProject({ owner, bidDeadline: later(10) });
    const refused = errorOf(() =>
      project.edit(owner, { title: 'A different title', bidDeadline: later(4) }, NOW, ['c1']),
    );
    expect(refused.code).toBe('BID_DEADLINE_SHORTENED');
    expect(project.toSnapshot()).toMatchObject({ title: aProject().title, bidDeadline: later(10) });

    const moved = project.edit(owner, { bidDeadline: later(12) }, NOW, ['c1']);
    expect(moved.events).toMatchObject([{ type: 'bid_deadline_changed', recipientIds: ['c1'] }]);
    expect(project.edit(owner, { title: 'Only the title' }, NOW, ['c1']).events).toEqual([]);
  });

  it('keeps pending bids, and their bidders may revise them before the new deadline', () => {
    const project = aProject({ owner, bidDeadline: later(1) });
    const bidder = aContractor('c1');
    const bid = aBid({ project, bidder });
    project.changeBidDeadline(owner, later(5), [bidder.id], NOW);
    bid.edit(bidder, project, { amount: 9000 }, later(3));
    expect(bid.toSnapshot()).toMatchObject({ status: 'pending', amountCents: 900000, updatedAt: later(3) });
  });

  it('notifies each bidder in-app with the new deadline', () => {
    const project = aProject({ owner, bidDeadline: later(2) });
    const drafts = notificationsForEvent(project.changeBidDeadline(owner, later(5), ['c1', 'c2'], NOW));
    expect(drafts.map((d) => d.userId)).toEqual(['c1', 'c2']);
    expect(drafts[0]).toMatchObject({
      type: 'system',
      title: 'Bid deadline changed',
      relatedEntityId: project.id,
    });
    // The day as the page shows it (decision 0200), not a timestamp.
    expect(drafts[0]?.message).toContain('is now Mar 20, 2025.');
  });
});

describe('addenda (decision 0130)', () => {
  const postAddendum = (o: Partial<Parameters<typeof Addendum.post>[0]> = {}) =>
    Addendum.post({
      id: 'add-1',
      project: aProject({ owner }),
      actor: owner,
      text: '  The island moves two feet east.  ',
      bidderIds: ['c1', owner.id],
      now: NOW,
      ...o,
    });

  it('the owner posts text and files; the bidders are told', () => {
    const { addendum, event } = postAddendum({ files: [aFile({ name: 'plan-v2' })] });
    expect(addendum.toSnapshot()).toMatchObject({
      text: 'The island moves two feet east.',
      attachments: ['plan-v2'],
      createdAt: NOW,
    });
    expect(event).toMatchObject({ type: 'addendum_posted', addendumId: 'add-1', recipientIds: ['c1'] });
    expect(notificationsForEvent(event)).toMatchObject([
      { userId: 'c1', type: 'system', title: 'Addendum posted' },
    ]);
  });

  it('requires text of at most 5,000 characters', () => {
    expect(errorOf(() => postAddendum({ text: '   ' })).code).toBe('ADDENDUM_TEXT_REQUIRED');
    expect(errorOf(() => postAddendum({ text: 'x'.repeat(ADDENDUM_MAX_LENGTH + 1) })).code).toBe(
      'ADDENDUM_TEXT_TOO_LONG',
    );
    expect(() => postAddendum({ text: 'x'.repeat(ADDENDUM_MAX_LENGTH) })).not.toThrow();
  });

  it('follows the project upload rules: at most 5 files, 80 MB each, documents and images only', () => {
    expect(errorOf(() => postAddendum({ files: files(6) })).code).toBe('TOO_MANY_FILES');
    const big = errorOf(() => postAddendum({ files: [aFile({ size: 81 * 1024 * 1024 })] }));
    expect(big).toBeInstanceOf(TooLargeError);
    expect(
      errorOf(() =>
        postAddendum({ files: [aFile({ originalName: 'x.exe', mimeType: 'application/x-msdownload' })] }),
      ).code,
    ).toBe('UNSUPPORTED_FILE_TYPE');
  });

  it('only the owner posts, and only while the project takes bids', () => {
    expect(errorOf(() => postAddendum({ actor: aContractor() })).code).toBe('NOT_PROJECT_OWNER');
    const cancelled = aProject({ owner });
    cancelled.cancel(owner, [], NOW);
    expect(errorOf(() => postAddendum({ project: cancelled })).code).toBe('PROJECT_NOT_ACTIVE');
  });
});
