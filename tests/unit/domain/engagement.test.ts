import { describe, expect, it } from 'vitest';
import { tierProgress } from '#domain/achievement/achievement.ts';
import { checkCanSave, countsAsView, viewKey } from '#domain/project/engagement.ts';
import { MAX_TESTIMONIALS, pickTestimonials, qualifiesAsTestimonial } from '#domain/review/testimonials.ts';

describe('views', () => {
  it("counts everyone's view but the owner's", () => {
    expect(countsAsView({ id: 'a' }, { clientId: 'a' })).toBe(false);
    expect(countsAsView({ id: 'b' }, { clientId: 'a' })).toBe(true);
  });

  it('keys a view by viewer and the local calendar day', () => {
    expect(viewKey({ id: 'u1' }, new Date('2025-03-16T03:59:00Z'), 'America/Nassau')).toEqual({
      viewerKey: 'user:u1',
      day: '2025-03-15',
    });
    expect(viewKey({ id: 'u1' }, new Date('2025-03-16T04:00:00Z'), 'America/Nassau').day).toBe('2025-03-16');
  });
});

describe('saves', () => {
  it('lets anyone but the owner save', () => {
    expect(() => checkCanSave('b', { clientId: 'a' })).not.toThrow();
    expect(() => checkCanSave('a', { clientId: 'a' })).toThrow(
      expect.objectContaining({ code: 'OWN_PROJECT_SAVE' }),
    );
  });
});

describe('testimonials', () => {
  const r = (rating: number, comment: string | null = 'Great work') => ({ rating, comment });

  it.each([
    [5, 'Great', true],
    [4, 'Good', true],
    [3, 'Fine', false],
    [5, '   ', false],
    [5, null, false],
  ])('rating %i with comment %j qualifies: %s', (rating, comment, expected) => {
    expect(qualifiesAsTestimonial(r(rating, comment))).toBe(expected);
  });

  it('shows none until three qualifying reviews exist, then the newest four at most', () => {
    expect(pickTestimonials([r(5), r(4)], 2)).toEqual([]);
    expect(pickTestimonials([r(5), r(4), r(5)], 3)).toHaveLength(3);
    expect(pickTestimonials([r(5), r(4), r(5), r(4), r(5)], 5)).toHaveLength(MAX_TESTIMONIALS);
  });
});

describe('achievement progress (the dashboard card)', () => {
  it.each([
    [0, null, 'bronze', 0],
    [5, null, 'bronze', 20],
    [24, null, 'bronze', 96],
    [25, 'bronze', 'silver', 0],
    [99, 'bronze', 'silver', 98],
    [100, 'silver', 'gold', 0],
    [249, 'silver', 'gold', 99],
    [250, 'gold', 'platinum', 0],
    [500, 'platinum', null, 100],
  ])('%i points: tier %s, next %s, %i %% (rounded down)', (points, tier, nextTier, progress) => {
    expect(tierProgress(points)).toMatchObject({ tier, nextTier, progress });
  });
});
