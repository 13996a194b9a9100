import { describe, expect, it } from 'vitest';
import {
  BID_STATUSES,
  Bid,
  bidAlreadyExists,
  parseBidAmount,
  parseProposal,
  parseTimeline,
} from '#domain/bid/bid.ts';
import { ConflictError, PermissionError } from '#domain/shared/errors.ts';
import {
  aBid,
  aClient,
  aContractor,
  anAdmin,
  aProject,
  aVendor,
  DAY,
  NOW,
  validTerms,
} from '../../fakes/mothers.ts';

function errorOf(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (e) {
    return e as { code: string; message: string };
  }
  throw new Error('expected an error');
}

describe('bid terms', () => {
  it.each([
    [undefined, 'AMOUNT_REQUIRED', 'Amount is required'],
    ['', 'AMOUNT_REQUIRED', 'Amount is required'],
    [0, 'AMOUNT_NOT_POSITIVE', 'Amount must be greater than 0'],
    ['0.00', 'AMOUNT_NOT_POSITIVE', 'Amount must be greater than 0'],
    [-1, 'AMOUNT_NOT_POSITIVE', 'Amount must be greater than 0'],
    [-1e308, 'AMOUNT_NOT_POSITIVE', 'Amount must be greater than 0'],
    ['-5', 'AMOUNT_NOT_POSITIVE', 'Amount must be greater than 0'],
    ['twelve', 'INVALID_MONEY', 'non-negative'],
    ['10.001', 'MONEY_TOO_PRECISE', 'Amount must have at most 2 decimal places'],
    [100_000_000, 'MONEY_TOO_LARGE', 'Amount must be at most 99,999,999.99'],
  ])('amount %j → %s', (amount, code, message) => {
    const e = errorOf(() => parseBidAmount(amount as number));
    expect(e.code).toBe(code);
    expect(e.message).toContain(message);
  });

  it('accepts amounts from 0.01 to 99,999,999.99', () => {
    expect(parseBidAmount('0.01')).toBe(1);
    expect(parseBidAmount(99_999_999.99)).toBe(9_999_999_999);
  });

  it.each([
    [null, 'TIMELINE_REQUIRED', 'Timeline is required'],
    ['  ', 'TIMELINE_REQUIRED', 'Timeline is required'],
    [2.5, 'TIMELINE_NOT_WHOLE_DAYS', 'whole number'],
    ['3.5', 'TIMELINE_NOT_WHOLE_DAYS', 'whole number'],
    ['ten', 'TIMELINE_NOT_WHOLE_DAYS', 'whole number'],
    [0, 'TIMELINE_OUT_OF_RANGE', 'between 1 and 3650 days'],
    [3651, 'TIMELINE_OUT_OF_RANGE', 'between 1 and 3650 days'],
  ])('timeline %j → %s', (timeline, code, message) => {
    const e = errorOf(() => parseTimeline(timeline as number));
    expect(e.code).toBe(code);
    expect(e.message).toContain(message);
  });

  it('accepts whole days 1..3650, also as a string', () => {
    expect(parseTimeline(1)).toBe(1);
    expect(parseTimeline('3650')).toBe(3650);
  });

  it('requires a non-blank proposal of at most 5000 characters', () => {
    expect(errorOf(() => parseProposal('   ')).code).toBe('PROPOSAL_REQUIRED');
    expect(errorOf(() => parseProposal(undefined)).message).toBe('Proposal is required');
    expect(errorOf(() => parseProposal('x'.repeat(5001))).code).toBe('PROPOSAL_TOO_LONG');
    expect(parseProposal('  We can do it.  ')).toBe('We can do it.');
  });
});

describe('Bid.submit', () => {
  it('creates a pending bid and a BidSubmitted event for the owner', () => {
    const project = aProject();
    const { bid, event } = Bid.submit({
      id: 'b1',
      project,
      bidder: aContractor('c1'),
      terms: validTerms(),
      now: NOW,
    });
    expect(bid.toSnapshot()).toEqual({
      id: 'b1',
      projectId: 'project-1',
      contractorId: 'c1',
      amountCents: 1_250_000,
      timeline: 30,
      proposal: 'We can start next week with a crew of four.',
      status: 'pending',
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(event).toMatchObject({
      type: 'bid_submitted',
      bidId: 'b1',
      recipientId: 'client-1',
      contractorId: 'c1',
      projectPostedAt: NOW,
    });
  });

  it('lets vendors bid too', () => {
    expect(aBid({ bidder: aVendor() }).status).toBe('pending');
  });

  it('refuses clients and admins', () => {
    for (const bidder of [aClient('other-client'), anAdmin()]) {
      const e = errorOf(() => aBid({ bidder }));
      expect(e).toBeInstanceOf(PermissionError);
      expect(e.code).toBe('ROLE_CANNOT_BID');
    }
  });

  it('refuses a bid on your own project', () => {
    const me = aContractor('me');
    const project = aProject({ owner: aClient('me') });
    const e = errorOf(() => aBid({ project, bidder: me }));
    expect(e).toBeInstanceOf(PermissionError);
    expect(e.code).toBe('OWN_PROJECT');
  });

  it('refuses when the project takes no bids', () => {
    const project = aProject({ bidDeadline: new Date(NOW.getTime() + DAY) });
    expect(errorOf(() => aBid({ project, now: new Date(NOW.getTime() + 2 * DAY) })).code).toBe(
      'BID_DEADLINE_PASSED',
    );
  });

  it('names the one-bid-per-project conflict', () => {
    const e = bidAlreadyExists();
    expect(e).toBeInstanceOf(ConflictError);
    expect(e.code).toBe('BID_ALREADY_EXISTS');
  });
});

describe('bid status', () => {
  const statusPairs = BID_STATUSES.flatMap((from) => BID_STATUSES.map((to) => [from, to] as const));

  it.each(statusPairs)('%s → %s', (from, to) => {
    const bid = Bid.restore({ ...aBid().toSnapshot(), status: from });
    const act = () =>
      to === 'accepted'
        ? bid.accept(NOW, 'T')
        : to === 'rejected'
          ? bid.reject(NOW, 'T', 'declined')
          : to === 'withdrawn'
            ? bid.withdraw(NOW, { title: 'T', clientId: 'owner' }, 'account_deleted')
            : null;
    if (to === 'pending') {
      expect(act()).toBeNull(); // nothing moves a bid back to pending
    } else if (from === 'pending') {
      act();
      expect(bid.status).toBe(to);
    } else {
      // Every status but pending is final; a withdrawn bid says why (decision 0193).
      expect(errorOf(act).code).toBe(from === 'withdrawn' ? 'BID_WITHDRAWN' : 'BID_NOT_PENDING');
      expect(bid.status).toBe(from);
    }
  });
});

describe('withdrawing a bid (issue 23: its bidder deleted their account)', () => {
  it('withdraws a pending bid and tells the project owner', () => {
    const project = aProject({ title: 'Porch repair' });
    const bid = aBid({ project, bidder: aContractor('c1'), terms: { amount: '1250.50' } });
    const later = new Date(NOW.getTime() + 1000);
    const event = bid.withdraw(later, project, 'account_deleted');
    expect(bid.status).toBe('withdrawn');
    expect(bid.toSnapshot().updatedAt).toEqual(later);
    expect(event).toEqual({
      type: 'bid_withdrawn',
      occurredAt: later,
      bidId: bid.id,
      projectId: project.id,
      projectTitle: 'Porch repair',
      contractorId: 'c1',
      recipientId: project.clientId,
      amountCents: 125_050,
      reason: 'account_deleted',
    });
  });

  it('can never be accepted, declined or edited afterwards, by the bid or by its project', () => {
    const project = aProject();
    const bidder = aContractor('c1');
    const bid = aBid({ project, bidder });
    const other = aBid({ id: 'bid-2', project, bidder: aContractor('c2') });
    bid.withdraw(NOW, project, 'account_deleted');
    const owner = aClient(project.clientId);
    for (const attempt of [
      () => project.acceptBid(owner, bid, [other], NOW),
      () => project.declineBid(owner, bid, NOW),
      () => bid.accept(NOW, project.title),
      () => bid.edit(bidder, project, { amount: 1 }, NOW),
    ]) {
      const e = errorOf(attempt);
      expect(e).toBeInstanceOf(ConflictError);
      expect(e.code).toBe('BID_WITHDRAWN');
      expect(e.message).toBe(
        "This bid was withdrawn: its bidder's account was deleted or suspended, so it can no longer be accepted or declined",
      );
    }
    // Nothing moved: the project is still open for bids and the other bid still pending.
    expect(project.acceptedBidId).toBeNull();
    expect(project.currentPhase).toBe('bidding');
    expect(other.status).toBe('pending');
    // The other bid can still be accepted; the withdrawn one stays withdrawn.
    project.acceptBid(owner, other, [bid], NOW);
    expect(other.status).toBe('accepted');
    expect(bid.status).toBe('withdrawn');
  });
});

describe('editing a bid', () => {
  const later = new Date(NOW.getTime() + 1000);

  it('lets the bidder change amount, timeline and proposal of a pending bid while bidding is open', () => {
    const project = aProject();
    const bidder = aContractor('c1');
    const bid = aBid({ project, bidder });
    bid.edit(bidder, project, { amount: '9999.99', timeline: '45' }, later);
    expect(bid.toSnapshot()).toMatchObject({ amountCents: 999_999, timeline: 45, updatedAt: later });
    bid.edit(bidder, project, { proposal: 'Revised proposal' }, later);
    expect(bid.toSnapshot()).toMatchObject({ amountCents: 999_999, proposal: 'Revised proposal' });
    expect(errorOf(() => bid.edit(bidder, project, { amount: 0 }, later)).code).toBe('AMOUNT_NOT_POSITIVE');
  });

  it('refuses anyone but the bidder', () => {
    const project = aProject();
    const bid = aBid({ project, bidder: aContractor('c1') });
    const e = errorOf(() => bid.edit(aContractor('c2'), project, { amount: 1 }, later));
    expect(e).toBeInstanceOf(PermissionError);
    expect(e.code).toBe('NOT_BID_OWNER');
  });

  it('refuses a decided bid, a closed project and a mismatched project', () => {
    const bidder = aContractor('c1');
    const project = aProject({ bidDeadline: new Date(NOW.getTime() + DAY) });
    const bid = aBid({ project, bidder });
    expect(
      errorOf(() => bid.edit(bidder, project, { amount: 1 }, new Date(NOW.getTime() + 2 * DAY))).code,
    ).toBe('BID_DEADLINE_PASSED');
    expect(errorOf(() => bid.edit(bidder, aProject({ id: 'x' }), { amount: 1 }, later)).code).toBe(
      'BID_NOT_ON_PROJECT',
    );
    bid.reject(NOW, 'T', 'declined');
    expect(errorOf(() => bid.edit(bidder, project, { amount: 1 }, later)).code).toBe('BID_NOT_PENDING');
  });
});
