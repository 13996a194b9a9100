import { describe, expect, it } from 'vitest';
import { navItemsFor, withArticle } from './Header.tsx';

describe('the header', () => {
  it('gives every role the Projects link, admins included', () => {
    for (const role of ['client', 'contractor', 'vendor', 'admin'] as const) {
      expect(navItemsFor(role).map((i) => i.label)).toContain('Projects');
    }
    expect(navItemsFor('admin').map((i) => i.label)).toEqual(['Projects', 'Saved Searches', 'Admin']);
  });

  it('gives every signed-in role Saved Searches (issue 23), the same list in the header and the sheet', () => {
    for (const role of ['client', 'contractor', 'vendor', 'admin'] as const) {
      expect(navItemsFor(role)).toContainEqual({ href: '/saved-searches', label: 'Saved Searches' });
    }
    expect(navItemsFor('client').map((i) => i.label)).toEqual(['My Projects', 'Projects', 'Saved Searches']);
    expect(navItemsFor('contractor').map((i) => i.label)).toEqual([
      'Projects',
      'My Bids',
      'Saved Projects',
      'Saved Searches',
    ]);
  });

  it("says 'You are an Admin' and 'You are a Client'", () => {
    expect(withArticle('Admin')).toBe('an Admin');
    expect(withArticle('Client')).toBe('a Client');
    expect(withArticle('Vendor')).toBe('a Vendor');
  });
});
