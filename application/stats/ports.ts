/** Counts the statistics are derived from (the adapter answers with SQL counts). */
export interface StatsQuery {
  /** Projects the user owns: all of them, the active ones and the completed ones. */
  projectCountsByOwner(clientId: string): Promise<{ posted: number; active: number; completed: number }>;
  /** The user's bids: all of them, the pending ones and the accepted ones. */
  bidCountsByContractor(contractorId: string): Promise<{ total: number; pending: number; accepted: number }>;
  /** How many bids the user created in [from, to): the month's quota count. */
  countBidsCreatedBetween(contractorId: string, from: Date, to: Date): Promise<number>;
  /** For the admin page: active projects and all bids on the platform. */
  platformCounts(): Promise<{ activeProjects: number; totalBids: number }>;
}
