/**
 * The bench's diverse browse (decision 0114): 520 distinct first pages over every search kind and filter, the
 * same in every run. scripts/bench.ts measures them; bench/profile.ts's `bench` workload replays them.
 */
import { COMMON_TERM, RARE_TERM } from './seed-sql.ts';

export const SEARCHES = [
  '',
  '',
  '',
  '',
  COMMON_TERM, // ~30% of projects
  'roof',
  'tile',
  'pergola',
  'itche', // letters inside a word: found nothing since decision 0214
  'oof',
  'ment',
  RARE_TERM, // ~0.1%
  'zebrawood', // nowhere
  'kitchen tile', // two common words
  'storm roof',
  'cistern pump', // two rare words
  'kitchen cistern', // common and rare
  'nassau solar',
];
export const COUNTRIES = ['', 'BS', 'US', 'CA', 'GB'];
export const CATEGORIES = [
  '',
  'Residential',
  'Commercial',
  'Industrial',
  'Interior',
  'Exterior',
  'Construction',
];
export const BUDGETS = ['', '1k-5k', '5k-25k', '25k+'];

/** A small seeded generator, so every run asks the same URLs. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function browsePath(query: Record<string, string>): string {
  return `/api/projects?${new URLSearchParams(query).toString()}`;
}

/** 520 distinct first-page URLs over every search kind and filter (the browse screen's parameters). */
export function firstPages(): Array<Record<string, string>> {
  const next = random(11);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const seen = new Set<string>();
  const queries: Array<Record<string, string>> = [];
  while (queries.length < 520) {
    const query: Record<string, string> = { country: pick(COUNTRIES) };
    const q = pick(SEARCHES);
    if (q) query.q = q;
    const category = pick(CATEGORIES);
    if (category) query.category = category;
    const budget = pick(BUDGETS);
    if (budget) query.budget = budget;
    query.limit = '20';
    const key = browsePath(query);
    if (seen.has(key)) continue;
    seen.add(key);
    queries.push(query);
  }
  return queries;
}
