// @vitest-environment jsdom

import { makeProject } from '@buildbid/test-kit/fixtures';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectCard } from './ProjectCard.tsx';

const NOW = new Date('2025-06-15T12:00:00Z');

function renderCard(
  overrides = {},
  canBid = true,
  myBidStatus: string | null | 'unknown' = null,
  onShare = vi.fn(),
) {
  const onBid = vi.fn();
  render(
    <ProjectCard
      project={makeProject(overrides)}
      canBid={canBid}
      myBidStatus={myBidStatus === 'unknown' ? undefined : myBidStatus}
      onBid={onBid}
      onMessage={vi.fn()}
      onShare={onShare}
      now={NOW}
    />,
  );
  return onBid;
}

describe('ProjectCard', () => {
  afterEach(cleanup);

  it('shows the budget, posted time, the real owner, and no thumbnails without images (decision 0196)', () => {
    renderCard();
    expect(screen.getByText('$5,000 - $25,000')).toBeTruthy();
    expect(screen.getByText('Posted 5 days ago')).toBeTruthy();
    expect(screen.getByText('Clara Knowles')).toBeTruthy();
    expect(screen.getByText('CK')).toBeTruthy();
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/projects/p1');
    expect(screen.queryAllByTestId('image-placeholder')).toHaveLength(0);
    expect(document.querySelector('.project-thumbs')).toBeNull();
    // Documents alone are no images either.
    cleanup();
    renderCard({
      attachments: [
        { name: 'a.pdf', originalName: 'a.pdf', url: '/uploads/a.pdf', mimeType: 'application/pdf', size: 1 },
      ],
    });
    expect(document.querySelector('.project-thumbs')).toBeNull();
  });

  it("shows the owner's rating with one decimal and a singular review", () => {
    renderCard({
      createdBy: { id: 'owner-1', firstName: 'Clara', lastName: 'Knowles', rating: 4, reviewCount: 1 },
    });
    expect(screen.getByText('★ 4.0 (1 review)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contact Owner' })).toBeTruthy();
  });

  it('shows the first three images as thumbnails, and only as many boxes as there are images', () => {
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
    expect(screen.queryAllByTestId('image-placeholder')).toHaveLength(0);
    // An image without a thumbnail keeps its place as a grey box.
    cleanup();
    renderCard({ attachments: [{ ...image(3), thumbnailUrl: null }] });
    expect(screen.getAllByTestId('image-placeholder')).toHaveLength(1);
  });

  it("shows the type's and the category's badge once when they say the same (decision 0196)", () => {
    renderCard({ projectType: 'residential', category: 'Residential' });
    expect(screen.getAllByText('Residential')).toHaveLength(1);
    cleanup();
    renderCard({ projectType: 'commercial', category: 'Residential' });
    expect(screen.getByText('Commercial')).toBeTruthy();
    expect(screen.getByText('Residential')).toBeTruthy();
  });

  it('shows one chip per service when the two catalogues name it twice (decision 0196)', () => {
    renderCard({ services: ['tile', 'tile_work', 'pool', 'pool_installation', 'plumbing'] });
    const chips = [
      ...document.querySelectorAll('.badge-row .badge:not(.badge-outline):not(.badge-phase)'),
    ].map((c) => c.textContent);
    expect(chips).toEqual(['Tile', 'Pool', 'Plumbing']);
    expect(screen.queryByText('Tile Work')).toBeNull();
    expect(screen.queryByText(/more services/)).toBeNull();
  });

  it('shares the project from its Share button (decision 0196)', () => {
    const onShare = vi.fn();
    renderCard({}, true, null, onShare);
    fireEvent.click(screen.getByRole('button', { name: 'Share Kitchen renovation' }));
    expect(onShare).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1', title: 'Kitchen renovation' }));
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
