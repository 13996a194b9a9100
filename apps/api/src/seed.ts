import { PromoteToAdmin, RegisterUser } from '#application/accounts/index.ts';
import type { PasswordHasher, UserRepository } from '#application/accounts/ports.ts';
import { AcceptBid, DeclineBid, SubmitBid } from '#application/bids/index.ts';
import { CancelProject, MoveProjectPhase, PostProject } from '#application/projects/index.ts';
import { ReviewContractor } from '#application/reviews/index.ts';
import type { Clock } from '#application/shared/ports.ts';
import { calendarMonthOf } from '#domain/shared/time-zone.ts';
import type { User } from '#domain/user/user.ts';
import type { Composition } from './container.ts';
import { TOKENS } from './container.ts';
import {
  BIDDER_EMAILS,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  OWNER_EMAILS,
  PROPOSAL_CLOSERS,
  PROPOSAL_OPENERS,
} from './seed/data/accounts.ts';
import type { Bidder, DemoProject, TargetPhase } from './seed/data/model.ts';
import projects from './seed/data/projects.json' with { type: 'json' };

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

/**
 * The demo projects, in the order the seed writes them (the bid plan depends on it): completed, under
 * review, in progress, awarded, cancelled, then taking bids. Data only (seed/data/projects.json), in
 * the shape of DemoProject.
 */
const DEMO_PROJECTS = projects as readonly DemoProject[];

// ---- Seeding --------------------------------------------------------------------------------

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The seed's clock: use cases read `now` from it, and the seed sets it before each step. */
class SeedClock implements Clock {
  at: Date;

  constructor(at: Date) {
    this.at = at;
  }

  now(): Date {
    return new Date(this.at.getTime());
  }
}

/** A small deterministic random source (mulberry32), so every fresh database gets the same demo data. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FREE_BIDDERS: readonly Bidder[] = ['marcus', 'vanessa'];
const PRO_BIDDERS: readonly Bidder[] = ['terrence', 'kendra', 'shawn'];
const BIDDER_ROTATION: readonly Bidder[] = ['marcus', 'terrence', 'vanessa', 'kendra', 'shawn'];

interface PlannedBid {
  bidder: Bidder;
  at: Date;
}

/**
 * Who bids on which project, and when. The free demo accounts keep to the free plan's 3 bids a
 * month (2 in the current month, so the demo contractor and vendor can still try a bid); Pro
 * contractors fill in. Projects that want a free account to win are planned first.
 */
function planBids(
  projects: readonly DemoProject[],
  bidTimes: readonly Date[][],
  now: Date,
  timeZone: string,
): PlannedBid[][] {
  const currentMonth = calendarMonthOf(now, timeZone).start.getTime();
  const used = new Map<string, number>();
  const plans: PlannedBid[][] = projects.map(() => []);
  // Wanted winners first, then the projects still taking bids (so the demo accounts have pending bids).
  const rank = (p: DemoProject) => (p.winner ? 0 : p.phase === 'bidding' && !p.cancelled ? 1 : 2);
  const order = projects
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i)
    .map(({ i }) => i);
  for (const i of order) {
    const project = projects[i] as DemoProject;
    const times = bidTimes[i] as Date[];
    const offset = i % BIDDER_ROTATION.length;
    const wanted = [...BIDDER_ROTATION.slice(offset), ...BIDDER_ROTATION.slice(0, offset)].slice(
      0,
      project.bids,
    );
    if (project.winner && !wanted.includes(project.winner) && wanted.length > 0) {
      wanted[wanted.length - 1] = project.winner;
    }
    if (project.winner) wanted.sort((a, b) => Number(b === project.winner) - Number(a === project.winner));
    const chosen: Bidder[] = [];
    for (const [slot, bidder] of wanted.entries()) {
      const at = times[slot] as Date;
      let who: Bidder | undefined = bidder;
      const spare = () => PRO_BIDDERS.find((b) => !wanted.includes(b) && !chosen.includes(b));
      if (FREE_BIDDERS.includes(bidder) && project.winner && bidder !== project.winner) {
        // Keep the free accounts' few bids for the projects they win and those still open.
        who = spare();
      } else if (FREE_BIDDERS.includes(bidder)) {
        const month = calendarMonthOf(at, timeZone).start.getTime();
        const key = `${bidder}:${month}`;
        const cap = month === currentMonth ? 2 : 3;
        if ((used.get(key) ?? 0) < cap) used.set(key, (used.get(key) ?? 0) + 1);
        else who = spare();
      }
      if (who) chosen.push(who);
    }
    plans[i] = chosen.map((bidder, slot) => ({ bidder, at: times[slot] as Date }));
  }
  return plans;
}

export interface SeedOptions {
  /** The moment the demo data is arranged around (default: now). Every seeded date lies before it. */
  now?: Date;
}

/**
 * Demo data for a fresh database, written through the same use cases as real sign-ups and requests:
 * nine accounts, and about 40 projects across the Bahamas in every phase (some cancelled), with 0-5
 * bids each and reviews on some completed ones. A seed clock spreads the dates over the last 60 days.
 * Runs only when there are no users at all, so it never touches a database in use.
 */
export async function seedDemoData(
  composition: Pick<Composition, 'get'>,
  options: SeedOptions = {},
): Promise<boolean> {
  const users = composition.get<UserRepository>(TOKENS.Users);
  if ((await users.list()).length > 0) return false;

  const now = options.now ?? new Date();
  const clock = new SeedClock(new Date(now.getTime() - 80 * DAY));
  const uow = composition.get(TOKENS.UnitOfWork);
  const ids = composition.get(TOKENS.Ids);
  const settings = composition.get(TOKENS.Settings);
  const hasher = composition.get<PasswordHasher>(TOKENS.PasswordHasher);
  const register = new RegisterUser({ users, hasher, ids, clock });
  const promote = new PromoteToAdmin({ uow, clock, ids });
  const post = new PostProject({ uow, files: composition.get(TOKENS.Files), ids, clock });
  const submit = new SubmitBid({ uow, ids, clock, settings });
  const accept = new AcceptBid({ uow, clock });
  const decline = new DeclineBid({ uow, clock });
  const move = new MoveProjectPhase({ uow, clock });
  const cancel = new CancelProject({ uow, clock });
  const review = new ReviewContractor({ uow, ids, clock });
  const at = <T>(time: Date, work: () => Promise<T>): Promise<T> => {
    clock.at = time;
    return work();
  };

  // Accounts, registered 80 days ago.
  const byEmail = new Map<string, User>();
  for (const account of DEMO_ACCOUNTS) {
    const registered = await register.execute({
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      country: account.country,
      role: account.role === 'admin' ? 'client' : account.role,
      password: DEMO_PASSWORD,
    });
    // The demo addresses are taken as verified (decision 0160): the demo should show mail-backed features.
    registered.verifyEmail(registered.email, clock.now());
    await users.save(registered);
    byEmail.set(registered.email, registered);
  }
  const user = (email: string): User => byEmail.get(email) as User;
  for (const account of DEMO_ACCOUNTS) {
    if (account.role === 'admin') await promote.execute(account.email);
    if (account.plan === 'pro') {
      await uow.run(async (tx) => {
        const found = await tx.users.lockForUpdate(user(account.email).id);
        if (!found) return;
        found.changeSubscription('pro', null, clock.now());
        await tx.users.save(found);
      });
    }
  }

  const random = randomSource(20_260_401);
  const jitter = (spread: number) => (random() - 0.5) * spread;
  const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

  // When each project is posted and when its bids come in.
  const created = DEMO_PROJECTS.map(
    (p) => new Date(now.getTime() - p.daysAgo * DAY - (2 + random() * 6) * HOUR),
  );
  const bidWindowEnd = DEMO_PROJECTS.map((p, i) => {
    const start = (created[i] as Date).getTime();
    return p.phase === 'bidding' && !p.cancelled
      ? now.getTime() - HOUR
      : start + Math.min(4 * DAY, p.daysAgo * 0.25 * DAY);
  });
  const bidTimes = DEMO_PROJECTS.map((p, i) => {
    const start = (created[i] as Date).getTime();
    const end = bidWindowEnd[i] as number;
    return Array.from({ length: 5 }, (_, slot) => {
      const share = (slot + 1) / (p.bids + 1);
      return new Date(start + (end - start) * Math.min(share, 0.95));
    });
  });
  const plans = planBids(DEMO_PROJECTS, bidTimes, now, settings.timeZone);

  for (const [i, p] of DEMO_PROJECTS.entries()) {
    const owner = user(OWNER_EMAILS[p.owner]);
    const postedAt = created[i] as Date;
    const openForBids = p.phase === 'bidding' && !p.cancelled;
    const bidDeadline = openForBids
      ? i % 4 === 0
        ? null
        : new Date(postedAt.getTime() + (30 + (i % 3) * 7) * DAY)
      : new Date((bidWindowEnd[i] as number) + DAY);
    const deadline =
      bidDeadline && i % 3 !== 0 ? new Date(bidDeadline.getTime() + (p.days + 30) * DAY) : null;
    const project = await at(postedAt, () =>
      post.execute(owner, {
        title: p.title,
        description: p.description,
        projectType: p.projectType,
        category: p.category,
        country: 'BS',
        island: p.island,
        city: p.city,
        budgetMin: p.budget?.[0] ?? null,
        budgetMax: p.budget?.[1] ?? null,
        projectStage: p.stage,
        contractorNeeds: p.needs,
        phases: p.phases,
        generalContractor: p.projectType === 'general_contractor',
        services: p.services,
        servicePhases: p.servicePhases,
        tags: p.tags,
        bidDeadline,
        deadline,
      }),
    );

    const bids: { id: string; bidder: Bidder; amountCents: number; at: Date }[] = [];
    for (const planned of plans[i] as PlannedBid[]) {
      const amount = roundTo(p.estimate * (1 + jitter(0.3)), p.estimate > 20_000 ? 250 : 25);
      const timeline = Math.max(1, Math.round(p.days * (1 + jitter(0.4))));
      const closer = PROPOSAL_CLOSERS[Math.floor(random() * PROPOSAL_CLOSERS.length)] as string;
      const { bid } = await at(planned.at, () =>
        submit.execute(user(BIDDER_EMAILS[planned.bidder]), project.id, {
          amount,
          timeline,
          proposal: `${PROPOSAL_OPENERS[planned.bidder]} ${closer}`,
        }),
      );
      bids.push({ id: bid.id, bidder: planned.bidder, amountCents: bid.amountCents, at: planned.at });
    }

    if (p.declineOne && bids.length >= 3) {
      const highest = bids.reduce((a, b) => (b.amountCents > a.amountCents ? b : a));
      const when = Math.min(highest.at.getTime() + 6 * HOUR, now.getTime() - 30 * 60 * 1000);
      await at(new Date(when), () => decline.execute(owner, highest.id));
    }

    // The steps after bidding, spread between the end of bidding and a little before now.
    const steps: Array<(time: Date) => Promise<unknown>> = [];
    const awarded = !openForBids && p.cancelled !== 'in_bidding' && bids.length > 0;
    if (awarded) {
      const winner =
        bids.find((b) => b.bidder === p.winner) ??
        bids.find((b) => PRO_BIDDERS.includes(b.bidder)) ??
        (bids[0] as (typeof bids)[number]);
      steps.push((time) => at(time, () => accept.execute(owner, winner.id)));
      const later: TargetPhase[] = ['in_progress', 'review', 'completed'];
      const reached = later.slice(0, Math.max(0, later.indexOf(p.phase) + 1));
      for (const phase of reached)
        steps.push((time) => at(time, () => move.execute(owner, project.id, phase)));
      if (p.phase === 'completed' && p.review) {
        const { rating, comment } = p.review;
        steps.push((time) => at(time, () => review.execute(owner, project.id, { rating, comment })));
      }
    }
    if (p.cancelled) steps.push((time) => at(time, () => cancel.execute(owner, project.id)));
    const from = (bidWindowEnd[i] as number) + 6 * HOUR;
    const until = now.getTime() - Math.max(3 * HOUR, p.daysAgo * 0.1 * DAY);
    for (const [k, step] of steps.entries()) {
      const share = steps.length === 1 ? 0 : k / (steps.length - 1);
      await step(new Date(from + (until - from) * share));
    }
  }
  return true;
}
