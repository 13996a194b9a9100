// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProject } from '../test/fixtures.ts';
import { ProjectCard } from './ProjectCard.tsx';

const NOW = new Date('2025-06-15T12:00:00Z');

function renderCard(overrides = {}, canBid = true) {
  const onBid = vi.fn();
  render(
    <ProjectCard
      project={makeProject(overrides)}
      canBid={canBid}
      onBid={onBid}
      onMessage={vi.fn()}
      now={NOW}
    />,
  );
  return onBid;
}

describe('ProjectCard', () => {
  afterEach(cleanup);

  it('shows the budget, posted time, owner placeholder and three image placeholders', () => {
    renderCard();
    expect(screen.getByText('$5,000 - $25,000')).toBeTruthy();
    expect(screen.getByText('Posted 5 days ago')).toBeTruthy();
    expect(screen.getByText('Project Owner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/projects/p1');
    expect(document.querySelectorAll('.image-placeholders span')).toHaveLength(3);
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
});
