import { describe, expect, it } from 'vitest';
import { navItemsFor, withArticle } from './Header.tsx';

describe('the header', () => {
  it('gives every role the Projects link, admins included', () => {
    for (const role of ['client', 'contractor', 'vendor', 'admin'] as const) {
      expect(navItemsFor(role).map((i) => i.label)).toContain('Projects');
    }
    expect(navItemsFor('admin').map((i) => i.label)).toEqual(['Projects', 'Admin']);
  });

  it("says 'You are an Admin' and 'You are a Client'", () => {
    expect(withArticle('Admin')).toBe('an Admin');
    expect(withArticle('Client')).toBe('a Client');
    expect(withArticle('Vendor')).toBe('a Vendor');
  });
});
