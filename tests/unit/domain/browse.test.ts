import { describe, expect, it } from 'vitest';
import {
  matchesBudgetBand,
  matchesProjectFilters,
  parseProjectFilters,
  searchWords,
} from '#domain/project/browse.ts';
import { aProject } from '../../fakes/mothers.ts';

const K = 100_000; // $1,000 in cents

describe('budget bands', () => {
  it.each([
    // [min, max, 1k-5k, 5k-25k, 25k+]
    [1 * K, 5 * K, true, false, false],
    [null, 5 * K, true, false, false],
    [1 * K, 5 * K + 1, false, false, false],
    [5 * K, 25 * K, false, true, false],
    [5 * K - 1, 25 * K, false, false, false],
    [5 * K, 25 * K + 1, false, false, false],
    [5 * K, null, false, false, false],
    [25 * K, null, false, false, true],
    [25 * K, 100 * K, false, false, true],
    [25 * K - 1, null, false, false, false],
    [null, null, false, false, false],
  ])('min %j max %j', (min, max, low, mid, high) => {
    expect(matchesBudgetBand(min, max, '1k-5k')).toBe(low);
    expect(matchesBudgetBand(min, max, '5k-25k')).toBe(mid);
    expect(matchesBudgetBand(min, max, '25k+')).toBe(high);
  });
});

describe('parseProjectFilters', () => {
  it('treats empty values and "all" as no filter, with a default page size', () => {
    expect(parseProjectFilters({ q: '  ', country: '', category: 'All', budget: null })).toEqual({
      limit: 20,
    });
  });

  it('normalises the given filters', () => {
    expect(
      parseProjectFilters({
        q: ' Kitchen ',
        country: 'bs',
        category: 'Residential',
        budget: '5k-25k',
        status: 'active',
        clientId: 'c1',
        limit: '50',
        cursor: 'abc',
      }),
    ).toEqual({
      q: 'Kitchen',
      country: 'BS',
      category: 'Residential',
      budget: '5k-25k',
      status: 'active',
      clientId: 'c1',
      limit: 50,
      cursor: 'abc',
    });
  });

  it.each([
    [{ budget: '1k-2k' }, 'UNKNOWN_BUDGET_BAND'],
    [{ status: 'archived' }, 'UNKNOWN_STATUS'],
    [{ limit: 0 }, 'INVALID_LIMIT'],
    [{ limit: 101 }, 'INVALID_LIMIT'],
    [{ limit: 'ten' }, 'INVALID_LIMIT'],
  ])('refuses %j', (raw, code) => {
    expect(() => parseProjectFilters(raw)).toThrow(expect.objectContaining({ code }));
  });
});

describe('matchesProjectFilters', () => {
  const project = aProject({
    title: 'Pool deck repair',
    description: 'Replace the rotten boards around the POOL area.',
    country: 'US',
    island: null,
    city: null,
    category: 'Residential',
    budgetMin: 6000,
    budgetMax: 9000,
  }).toSnapshot();

  it('matches text case-insensitively in title or description', () => {
    expect(matchesProjectFilters(project, { q: 'DECK' })).toBe(true);
    expect(matchesProjectFilters(project, { q: 'rotten boards' })).toBe(true);
    expect(matchesProjectFilters(project, { q: 'kitchen' })).toBe(false);
  });

  it('finds every word of q at the start of a word, in any order, in title or description; never inside a word (decision 0214)', () => {
    const kitchen = aProject({
      title: 'Kitchen backsplash and tile floor',
      description: 'Basement waterproofing next.',
    }).toSnapshot();
    for (const q of ['kitch', 'kitchen tile', 'tile KITCHEN', 'floor basement', 'water']) {
      expect(matchesProjectFilters(kitchen, { q }), q).toBe(true);
    }
    for (const q of ['itche', 'oof', 'ment', 'kitchen deck', 'zebra', 'tile  pool']) {
      expect(matchesProjectFilters(kitchen, { q }), q).toBe(false);
    }
  });

  it('splits q into its distinct lower-case words', () => {
    expect(searchWords('  Kitchen   TILE kitchen ')).toEqual(['kitchen', 'tile']);
    expect(searchWords('100%_off')).toEqual(['100', 'off']);
    expect(searchWords('"tile floor" -roof')).toEqual(['tile', 'floor', 'roof']);
    expect(searchWords(' !! ')).toEqual([]);
  });

  it('reads a category filter in any case as the catalogue writes it (decision 0182)', () => {
    expect(parseProjectFilters({ category: 'residential' }).category).toBe('Residential');
    expect(parseProjectFilters({ category: 'construction' }).category).toBe('Construction');
    expect(parseProjectFilters({ category: 'Boat house' }).category).toBe('Boat house');
  });

  it('matches country, category (exactly), status, owner and budget band', () => {
    expect(matchesProjectFilters(project, { country: 'US', category: 'Residential', status: 'active' })).toBe(
      true,
    );
    expect(matchesProjectFilters(project, { country: 'BS' })).toBe(false);
    expect(matchesProjectFilters(project, { category: 'residential' })).toBe(false);
    expect(matchesProjectFilters(project, { status: 'completed' })).toBe(false);
    expect(matchesProjectFilters(project, { clientId: 'someone-else' })).toBe(false);
    expect(matchesProjectFilters(project, { budget: '5k-25k' })).toBe(true);
    expect(matchesProjectFilters(project, { budget: '25k+' })).toBe(false);
  });
});
