import { describe, expect, it } from 'vitest';
import { assertMayReceiveMessages } from '#domain/message/message.ts';
import { notificationsForEvent } from '#domain/notification/notification.ts';
import { ConflictError } from '#domain/shared/errors.ts';
import { aContractor, NOW } from '../../fakes/mothers.ts';

/** Decision 0193: what a deleted account means for messages and for the owners of its bids. */
describe('a deleted account', () => {
  it('receives no messages: 409 RECIPIENT_DELETED, the conversation is closed', () => {
    const person = aContractor('c1');
    expect(() => assertMayReceiveMessages(person)).not.toThrow();
    person.erase(NOW);
    let error: unknown;
    try {
      assertMayReceiveMessages(person);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      code: 'RECIPIENT_DELETED',
      message: 'This account has been deleted; the conversation is closed',
      field: 'receiverId',
    });
  });

  it("tells the project's owner that its pending bid was withdrawn", () => {
    expect(
      notificationsForEvent({
        type: 'bid_withdrawn',
        occurredAt: NOW,
        bidId: 'b1',
        projectId: 'p1',
        projectTitle: 'Roof',
        contractorId: 'c1',
        recipientId: 'o1',
        amountCents: 1_850_000,
        reason: 'account_deleted',
      }),
    ).toEqual([
      {
        userId: 'o1',
        type: 'system',
        title: 'Bid withdrawn',
        message: 'A bid of $18,500.00 on “Roof” was withdrawn: its bidder deleted their account.',
        relatedEntityId: 'p1',
      },
    ]);
  });
});
