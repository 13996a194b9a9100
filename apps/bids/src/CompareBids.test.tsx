// @vitest-environment jsdom
import type { ProjectBid } from '@buildbid/api-client';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bidderRatingText } from './BidderRating.tsx';
import { CompareBids, SORT_CHOICES, sortChoiceOf, sortFromChoice } from './CompareBids.tsx';

function bid(id: string, name: string, amount: string, timeline: number, reviews: [number, number]) {
  return {
    id,
    projectId: 'p1',
    contractorId: `c-${id}`,
    amount,
    timeline,
    proposal: `${name} does the work.`,
    status: 'pending',
    createdAt: `2025-06-1${id.slice(1)}T12:00:00.000Z`,
    updatedAt: `2025-06-1${id.slice(1)}T12:00:00.000Z`,
    contractor: {
      id: `c-${id}`,
      firstName: name,
      lastName: 'Tester',
      profileImageUrl: null,
      rating: reviews[0],
      reviewCount: reviews[1],
    },
  } as ProjectBid;
}

const BIDS = [
  bid('b1', 'Ada', '18500.00', 45, [4, 1]),
  bid('b2', 'Ben', '12000.00', 60, [0, 0]),
  bid('b3', 'Cal', '24000.00', 30, [4.5, 3]),
];

function bidderOrder(): string[] {
  const table = screen.getByRole('grid', { name: 'Compare bids' });
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => (cell.textContent ?? '').replace('Bidder', '').trim());
}

describe('Compare bids', () => {
  afterEach(cleanup);

  it("reads a rating as the list does: '(1 review)', '(3 reviews)' and 'No reviews yet'", () => {
    render(<CompareBids bids={BIDS} isOwner deciding={null} onDecide={vi.fn()} />);
    const table = screen.getByRole('grid', { name: 'Compare bids' });
    expect(table.textContent).toContain('4.0 (1 review)');
    expect(table.textContent).toContain('4.5 (3 reviews)');
    expect(table.textContent).toContain('No reviews yet');
    expect(table.textContent).not.toContain('(1 reviews)');
    expect(table.textContent).not.toContain('(0 reviews)');
    expect(bidderRatingText({ rating: '4.00', reviewCount: 1 })).toBe('4.0 (1 review)');
    expect(bidderRatingText({ rating: 0, reviewCount: 0 })).toBe('No reviews yet');
  });

  it('offers a labelled sort control with the keys of the sortable headers, in both directions', () => {
    render(<CompareBids bids={BIDS} isOwner deciding={null} onDecide={vi.fn()} />);
    expect(bidderOrder()).toEqual(['Ben Tester', 'Ada Tester', 'Cal Tester']);
    const sort = screen.getByRole('button', { name: /Sort bids by/ });
    expect(sort.textContent).toContain('Amount: lowest first');

    fireEvent.click(sort);
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(SORT_CHOICES.map((c) => c.label));
    fireEvent.click(screen.getByRole('option', { name: 'Timeline: shortest first' }));
    expect(bidderOrder()).toEqual(['Cal Tester', 'Ada Tester', 'Ben Tester']);
    // The table's header shows the same order.
    expect(screen.getByRole('columnheader', { name: /Timeline/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );

    fireEvent.click(screen.getByRole('button', { name: /Sort bids by/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Rating: highest first' }));
    expect(bidderOrder()).toEqual(['Cal Tester', 'Ada Tester', 'Ben Tester']);
    fireEvent.click(screen.getByRole('button', { name: /Sort bids by/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Submitted: newest first' }));
    expect(bidderOrder()).toEqual(['Cal Tester', 'Ben Tester', 'Ada Tester']);
    fireEvent.click(screen.getByRole('button', { name: /Sort bids by/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Amount: highest first' }));
    expect(bidderOrder()).toEqual(['Cal Tester', 'Ada Tester', 'Ben Tester']);

    // Sorting by a header updates the control.
    fireEvent.click(screen.getByRole('columnheader', { name: /Timeline/ }));
    expect(screen.getByRole('button', { name: /Sort bids by/ }).textContent).toContain(
      'Timeline: shortest first',
    );
  });

  it('maps every choice to a sort of the table and back', () => {
    for (const c of SORT_CHOICES) {
      const sort = sortFromChoice(c.value);
      expect(sort).not.toBeNull();
      if (sort) expect(sortChoiceOf(sort)).toBe(c.value);
    }
    expect(sortFromChoice('proposal:ascending')).toBeNull();
  });
});
