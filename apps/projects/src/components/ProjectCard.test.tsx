// @vitest-environment jsdom

import { makeProject } from '@buildbid/test-kit/fixtures';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectCard } from './ProjectCard.tsx';

const NOW = new Date('2025-06-15T12:00:00Z');

function renderCard(overrides = {}, canBid = true, myBidStatus: string | null | 'unknown' = null) {
  const onBid = vi.fn();
  render(
    <ProjectCard
      project={makeProject(overrides)}
      canBid={canBid}
      myBidStatus={myBidStatus === 'unknown' ? undefined : myBidStatus}
      onBid={onBid}
      onMessage={vi.fn()}
      now={NOW}
    />,
  );
  return onBid;
}

describe('ProjectCard', () => {
  afterEach(cleanup);

  it('shows the budget, posted time, the real owner and three grey placeholders without images', () => {
    renderCard();
    expect(screen.getByText('$5,000 - $25,000')).toBeTruthy();
    expect(screen.getByText('Posted 5 days ago')).toBeTruthy();
    expect(screen.getByText('Clara Knowles')).toBeTruthy();
    expect(screen.getByText('CK')).toBeTruthy();
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/projects/p1');
    expect(screen.getAllByTestId('image-placeholder')).toHaveLength(3);
  });

  it("shows the owner's rating with one decimal and a singular review", () => {
    renderCard({
      createdBy: { id: 'owner-1', firstName: 'Clara', lastName: 'Knowles', rating: 4, reviewCount: 1 },
    });
    expect(screen.getByText('★ 4.0 (1 review)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contact Owner' })).toBeTruthy();
  });

  it('shows the first three images as thumbnails, a placeholder only where one is missing', () => {
    const image = (n: number) => ({
      name: `${n}.png`,
      originalName: `${n}.png`,
      url: `/uploads/${n}.png`,
      thumbnailUrl: `/uploads/${n}.png/thumbnail`,
      mimeType: 'image/png',
      size: 1,
    });
    const pdf = { ...image(9), name: '9.pdf', mimeType: 'application/pdf', thumbnailUrl: null };
    renderCard({ attachments: [pdf, image(1), image(2)] });
    const thumbs = [...document.querySelectorAll('img.project-thumb')].map((i) => i.getAttribute('src'));
    expect(thumbs).toEqual(['/uploads/1.png/thumbnail', '/uploads/2.png/thumbnail']);
    expect(screen.getAllByTestId('image-placeholder')).toHaveLength(1);
  });

  it("says 'Budget negotiable' when a bound is missing", () => {
    renderCard({ budgetMax: null });
    expect(screen.getByText('Budget negotiable')).toBeTruthy();
  });

  it('shows 3 services then +N more services, 2 tags then +N more', () => {
    renderCard({
      services: ['demolition', 'concrete', 'framing', 'roofing', 'electrical'],
      tags: ['kitchen', 'reno', 'urgent', 'nassau'],
    });
    expect(screen.getByText('Demolition')).toBeTruthy();
    expect(screen.getByText('Framing')).toBeTruthy();
    expect(screen.queryByText('Roofing')).toBeNull();
    expect(screen.getByText('+2 more services')).toBeTruthy();
    expect(screen.getByText('#kitchen')).toBeTruthy();
    expect(screen.queryByText('#urgent')).toBeNull();
    expect(screen.getByText('+2 more')).toBeTruthy();
  });

  it('shows the time left in the bidding phase, red when ended', () => {
    renderCard({ bidDeadline: '2025-06-17T15:00:00Z' });
    expect(screen.getByText('Accepting Bids · 2d 3h left').className).not.toContain('badge-danger');
    cleanup();
    renderCard({ bidDeadline: '2025-06-14T15:00:00Z' });
    expect(screen.getByText('Accepting Bids · Ended').className).toContain('badge-danger');
  });

  it('offers Submit Bid only to contractors on active projects', () => {
    const onBid = renderCard();
    screen.getByRole('button', { name: 'Submit Bid' }).click();
    expect(onBid).toHaveBeenCalled();
    cleanup();
    renderCard({ status: 'completed' });
    expect(screen.queryByRole('button', { name: 'Submit Bid' })).toBeNull();
    cleanup();
    renderCard({}, false);
    expect(screen.queryByRole('button', { name: 'Submit Bid' })).toBeNull();
  });

  it("shows the contractor's own bid, or why no bid is taken, instead of a Submit Bid that would fail", () => {
    renderCard({}, true, 'pending');
    expect(screen.queryByRole('button', { name: 'Submit Bid' })).toBeNull();
    expect(screen.getByText(/Your bid:/).textContent).toMatch(/Your bid:\s*Pending/i);
    cleanup();
    renderCard({ currentPhase: 'awarded' });
    expect(screen.queryByRole('button', { name: 'Submit Bid' })).toBeNull();
    expect(screen.getByText('Not accepting bids')).toBeTruthy();
    expect(screen.getByText('· Phase: Awarded')).toBeTruthy();
    cleanup();
    renderCard({ bidDeadline: '2025-06-14T15:00:00Z' });
    expect(screen.getByText('· The bid deadline has passed')).toBeTruthy();
    cleanup();
    // Still asking whether the contractor bid: no button yet rather than one that may fail.
    renderCard({}, true, 'unknown');
    expect(screen.queryByRole('button', { name: 'Submit Bid' })).toBeNull();
    expect(screen.queryByText('Not accepting bids')).toBeNull();
  });
});
