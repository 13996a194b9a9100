import { beforeEach, describe, expect, it } from 'vitest';
import { Bid } from '#domain/bid/bid.ts';
import {
  aBid,
  aClient,
  aContractor,
  aProject,
  bidDecider,
  type Env,
  makeEnv,
  NOW,
} from '../../fakes/mothers.ts';

let env: Env;
const owner = aClient();

beforeEach(() => {
  env = makeEnv();
  env.db.addUser(owner);
});

/** Decision 0193: a bid of a deleted account is never accepted. */
describe('AcceptBid, DeclineBid and deleted bidders', () => {
  const decide = () => bidDecider(env);

  it('refuses to accept a pending bid whose bidder deleted their account (409 BIDDER_DELETED); nothing changes', async () => {
    const project = aProject({ owner });
    env.db.addProject(project);
    const gone = aContractor('c1');
    // A bid left pending by a deletion made before withdrawals existed.
    env.db.addBid(aBid({ id: 'b1', project, bidder: gone }));
    env.db.addBid(aBid({ id: 'b2', project, bidder: aContractor('c2') }));
    gone.erase(NOW);
    env.db.addUser(gone);
    env.db.addUser(aContractor('c2'));

    await expect(decide().execute(owner, 'b1', 'accepted')).rejects.toMatchObject({
      kind: 'conflict',
      code: 'BIDDER_DELETED',
      message: 'This bidder deleted their account, so their bid can no longer be accepted',
    });
    expect(env.db.bid('b1')?.status).toBe('pending');
    expect(env.db.bid('b2')?.status).toBe('pending');
    expect(env.db.project(project.id)).toMatchObject({ currentPhase: 'bidding', acceptedBidId: null });
    expect(env.events.published).toEqual([]);
    expect(env.db.outbox.rows.size).toBe(0);
  });

  it('refuses a withdrawn bid either way (409 BID_WITHDRAWN), and the other bids are still decided as usual', async () => {
    const project = aProject({ owner });
    env.db.addProject(project);
    const withdrawn = aBid({ id: 'b1', project, bidder: aContractor('c1') });
    withdrawn.withdraw(NOW, project, 'account_deleted');
    env.db.addBid(Bid.restore(withdrawn.toSnapshot()));
    env.db.addBid(aBid({ id: 'b2', project, bidder: aContractor('c2') }));
    env.db.addUser(aContractor('c2'));

    for (const status of ['accepted', 'rejected']) {
      await expect(decide().execute(owner, 'b1', status)).rejects.toMatchObject({ code: 'BID_WITHDRAWN' });
    }
    expect(env.db.bid('b1')?.status).toBe('withdrawn');
    await decide().execute(owner, 'b2', 'accepted');
    expect(env.db.bid('b1')?.status).toBe('withdrawn');
    expect(env.db.bid('b2')?.status).toBe('accepted');
  });
});
