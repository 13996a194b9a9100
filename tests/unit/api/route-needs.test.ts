import { describe, expect, it } from 'vitest';
import { type AppServices, allNeeds, type Needs, needs, pick } from '#api/http/services.ts';
import { accessTokenNeeds } from '#api/routes/access-tokens.ts';
import { accountLifecycleNeeds } from '#api/routes/account-lifecycle.ts';
import { adminNeeds } from '#api/routes/admin.ts';
import { authNeeds } from '#api/routes/auth.ts';
import { bidNeeds } from '#api/routes/bids.ts';
import { catalogNeeds } from '#api/routes/catalog.ts';
import { engagementNeeds } from '#api/routes/engagement.ts';
import { meNeeds } from '#api/routes/me.ts';
import { messageNeeds } from '#api/routes/messages.ts';
import { notificationNeeds } from '#api/routes/notifications.ts';
import { oauthNeeds } from '#api/routes/oauth.ts';
import { profileNeeds } from '#api/routes/profile.ts';
import { addendaNeeds } from '#api/routes/projects/addenda.ts';
import { projectBidNeeds } from '#api/routes/projects/bids.ts';
import { browseNeeds } from '#api/routes/projects/browse.ts';
import { projectNeeds } from '#api/routes/projects/index.ts';
import { phaseNeeds } from '#api/routes/projects/phases.ts';
import { postingNeeds } from '#api/routes/projects/posting.ts';
import { questionNeeds } from '#api/routes/questions.ts';
import { savedSearchNeeds } from '#api/routes/saved-searches.ts';
import { subscriptionNeeds } from '#api/routes/subscription.ts';
import { unsubscribeNeeds } from '#api/routes/unsubscribe.ts';
import { uploadNeeds } from '#api/routes/uploads.ts';
import { userNeeds } from '#api/routes/users.ts';
import { webhookNeeds } from '#api/routes/webhooks.ts';

/** Every use case and port answers to any name, as the composition's objects do for theirs. */
const everything = <T>() =>
  new Proxy({} as Record<string, unknown>, { get: (_target, name) => ({ name }) }) as unknown as T;
const services = {
  useCases: everything<AppServices['useCases']>(),
  http: everything<AppServices['http']>(),
};

const ROUTE_NEEDS: [string, Needs][] = Object.entries({
  accessTokenNeeds,
  accountLifecycleNeeds,
  adminNeeds,
  authNeeds,
  bidNeeds,
  catalogNeeds,
  engagementNeeds,
  meNeeds,
  messageNeeds,
  notificationNeeds,
  oauthNeeds,
  profileNeeds,
  projectNeeds,
  addendaNeeds,
  projectBidNeeds,
  browseNeeds,
  phaseNeeds,
  postingNeeds,
  questionNeeds,
  savedSearchNeeds,
  subscriptionNeeds,
  unsubscribeNeeds,
  uploadNeeds,
  userNeeds,
  webhookNeeds,
});

describe('a route plugin gets only what its Needs list names (decision 0202)', () => {
  it.each(ROUTE_NEEDS)('%s: the options hold exactly the listed use cases and ports', (_name, listed) => {
    const options = pick(services, listed);
    expect(Object.keys(options.useCases).sort()).toEqual([...listed.useCases].sort());
    expect(Object.keys(options.http).sort()).toEqual([...listed.http].sort());
    for (const name of listed.useCases) expect(options.useCases[name]).toEqual({ name });
  });

  it('hands over the very objects it was given, and nothing it was not asked for', () => {
    const submitBid = { execute: () => 'bid' };
    const uploads = { describe: () => [] };
    const from = {
      useCases: { submitBid, listProjects: {}, signIn: {} },
      http: { uploads, clock: {}, sockets: {} },
    } as unknown as AppServices;
    const options = pick(from, needs(['submitBid'], ['uploads']));
    expect(options).toEqual({ useCases: { submitBid }, http: { uploads } });
    expect(options.useCases.submitBid).toBe(submitBid);
    expect(options.http.uploads).toBe(uploads);
  });

  it('a plugin that registers others needs all of theirs, each name once (the project routes)', () => {
    const parts = [browseNeeds, postingNeeds, phaseNeeds, projectBidNeeds, addendaNeeds];
    const union = (key: 'useCases' | 'http') => [...new Set(parts.flatMap((part) => [...part[key]]))].sort();
    expect([...projectNeeds.useCases].sort()).toEqual(union('useCases'));
    expect([...projectNeeds.http].sort()).toEqual(union('http'));
    expect(allNeeds(needs(['getProject'], ['uploads']), needs(['getProject', 'openProject']))).toEqual({
      useCases: ['getProject', 'openProject'],
      http: ['uploads'],
    });
  });
});
