/**
 * The shape of the demo data the seed writes (apps/api/src/seed.ts) through the use cases: the accounts
 * in accounts.ts, the projects as data in projects.json.
 */

export interface DemoAccount {
  role: 'client' | 'contractor' | 'vendor' | 'admin';
  email: string;
  firstName: string;
  lastName: string;
  country: string;
  /** Pro accounts are upgraded directly (no payment provider subscription behind them). */
  plan: 'free' | 'pro';
}

export type Owner = 'clara' | 'dwayne' | 'monique';
export type Bidder = 'marcus' | 'vanessa' | 'terrence' | 'kendra' | 'shawn';
export type TargetPhase = 'bidding' | 'awarded' | 'in_progress' | 'review' | 'completed';

export interface DemoProject {
  title: string;
  description: string;
  owner: Owner;
  island: string;
  city: string;
  category: string;
  projectType: string;
  stage: string;
  needs: string[];
  phases: string[];
  services: string[];
  servicePhases: string[];
  tags: string[];
  /** [min, max] in dollars, or null for "negotiable". */
  budget: [number, number] | null;
  /** A typical price (dollars) and duration (days) the bids scatter around. */
  estimate: number;
  days: number;
  /** Where the project ends up; `cancelled` cancels it from bidding or after the award. */
  phase: TargetPhase;
  cancelled?: 'in_bidding' | 'after_award';
  /** Posted this many days before the seed runs. */
  daysAgo: number;
  bids: number;
  /** Who should win, when that bidder could bid (their free quota allowing). Default: a Pro contractor. */
  winner?: 'marcus' | 'vanessa';
  /** The owner declines one pending bid while still in bidding. */
  declineOne?: boolean;
  review?: { rating: number; comment: string };
}
