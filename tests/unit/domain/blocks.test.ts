import { describe, expect, it } from 'vitest';
import { Bid } from '#domain/bid/bid.ts';
import {
  assertMayBidDespiteBlocks,
  assertNoBlockBetween,
  Block,
  type BlockSnapshot,
  CANNOT_MESSAGE_THIS_PERSON,
  MAX_BLOCKS,
  messagingBlock,
  NOT_TAKING_BIDS,
  YOU_BLOCKED_THE_OWNER,
  YOU_BLOCKED_THIS_PERSON,
} from '#domain/safety/block.ts';
import { aClient, aContractor, anAdmin, aProject, NOW, validTerms } from '../../fakes/mothers.ts';

const client = aClient('client-1');
const contractor = aContractor('contractor-1');
const block = (blockerId: string, blockedId: string): BlockSnapshot => ({
  blockerId,
  blockedId,
  createdAt: NOW,
});

/** Decision 0220: blocking a person (issue 27 item 4). */
describe('Block.create', () => {
  it('records who blocked whom, and when', () => {
    const made = Block.create({ blocker: client, blocked: contractor, blockedCount: 0, now: NOW });
    expect(made.toSnapshot()).toEqual({ blockerId: 'client-1', blockedId: 'contractor-1', createdAt: NOW });
  });

  it('refuses blocking yourself (400 CANNOT_BLOCK_SELF)', () => {
    expect(() => Block.create({ blocker: client, blocked: client, blockedCount: 0, now: NOW })).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'CANNOT_BLOCK_SELF', field: 'userId' }),
    );
  });

  it('refuses an admin blocking (403 ADMIN_CANNOT_BLOCK) and anyone blocking an admin (403 CANNOT_BLOCK_ADMIN)', () => {
    expect(() => Block.create({ blocker: anAdmin(), blocked: client, blockedCount: 0, now: NOW })).toThrow(
      expect.objectContaining({ kind: 'forbidden', code: 'ADMIN_CANNOT_BLOCK' }),
    );
    expect(() => Block.create({ blocker: client, blocked: anAdmin(), blockedCount: 0, now: NOW })).toThrow(
      expect.objectContaining({ kind: 'forbidden', code: 'CANNOT_BLOCK_ADMIN' }),
    );
  });

  it(`allows ${MAX_BLOCKS} blocks and refuses one more (409 BLOCK_LIMIT_REACHED)`, () => {
    expect(() =>
      Block.create({ blocker: client, blocked: contractor, blockedCount: MAX_BLOCKS - 1, now: NOW }),
    ).not.toThrow();
    expect(() =>
      Block.create({ blocker: client, blocked: contractor, blockedCount: MAX_BLOCKS, now: NOW }),
    ).toThrow(expect.objectContaining({ kind: 'conflict', code: 'BLOCK_LIMIT_REACHED' }));
  });
});

describe('messaging with a block', () => {
  it('is open without a block, and blocks that name someone else do not count', () => {
    expect(messagingBlock('a', 'b', [])).toBeNull();
    expect(messagingBlock('a', 'b', [block('a', 'c'), block('c', 'b')])).toBeNull();
    expect(() => assertNoBlockBetween('a', 'b', [block('a', 'c')])).not.toThrow();
  });

  it("closes both ways: the blocked person reads only 'You cannot message this person'", () => {
    expect(messagingBlock('b', 'a', [block('a', 'b')])).toEqual({
      reason: CANNOT_MESSAGE_THIS_PERSON,
      blockedByMe: false,
    });
    expect(CANNOT_MESSAGE_THIS_PERSON).toBe('You cannot message this person');
    expect(() => assertNoBlockBetween('b', 'a', [block('a', 'b')])).toThrow(
      expect.objectContaining({
        kind: 'forbidden',
        code: 'CANNOT_MESSAGE_USER',
        message: 'You cannot message this person',
      }),
    );
  });

  it('reminds the blocker of their own block, also when both blocked each other', () => {
    expect(messagingBlock('a', 'b', [block('a', 'b')])).toEqual({
      reason: YOU_BLOCKED_THIS_PERSON,
      blockedByMe: true,
    });
    expect(messagingBlock('b', 'a', [block('a', 'b'), block('b', 'a')])?.blockedByMe).toBe(true);
    expect(() => assertNoBlockBetween('a', 'b', [block('a', 'b')])).toThrow(
      expect.objectContaining({ code: 'CANNOT_MESSAGE_USER', message: YOU_BLOCKED_THIS_PERSON }),
    );
  });
});

describe('bidding with a block', () => {
  const project = aProject({ owner: client });

  it('answers a contractor the owner blocked as a project not taking bids (409 PROJECT_NOT_BIDDING), nothing more', () => {
    expect(() =>
      assertMayBidDespiteBlocks('contractor-1', 'client-1', [block('client-1', 'contractor-1')]),
    ).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'PROJECT_NOT_BIDDING', message: NOT_TAKING_BIDS }),
    );
    expect(() =>
      Bid.submit({
        id: 'b1',
        bidder: contractor,
        project,
        terms: validTerms(),
        now: NOW,
        blocks: [block('client-1', 'contractor-1')],
      }),
    ).toThrow(
      expect.objectContaining({ code: 'PROJECT_NOT_BIDDING', message: 'This project is not accepting bids' }),
    );
  });

  it('tells a contractor who blocked the owner why (same code)', () => {
    expect(() =>
      assertMayBidDespiteBlocks('contractor-1', 'client-1', [block('contractor-1', 'client-1')]),
    ).toThrow(expect.objectContaining({ code: 'PROJECT_NOT_BIDDING', message: YOU_BLOCKED_THE_OWNER }));
  });

  it('lets a bid through without a block between bidder and owner', () => {
    const { bid } = Bid.submit({
      id: 'b1',
      bidder: contractor,
      project,
      terms: validTerms(),
      now: NOW,
      blocks: [block('client-1', 'someone-else')],
    });
    expect(bid.status).toBe('pending');
  });

  it('checks the usual rules first: a closed project says why it is closed', () => {
    const closed = aProject({ owner: client });
    closed.cancel(client, [], NOW);
    expect(() =>
      Bid.submit({
        id: 'b1',
        bidder: contractor,
        project: closed,
        terms: validTerms(),
        now: NOW,
        blocks: [block('client-1', 'contractor-1')],
      }),
    ).toThrow(expect.objectContaining({ code: 'PROJECT_NOT_ACTIVE' }));
  });
});
