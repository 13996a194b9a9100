// @vitest-environment jsdom
import type { OwnBid, RemoteProps } from '@buildbid/api-client';
import { jsonResponse, makeUser, mockFetch } from '@buildbid/test-kit/helpers';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyBidsPage } from './MyBids.tsx';

function bid(id: string, status: OwnBid['status'], amount: string, tags: string[] = []): OwnBid {
  return {
    id,
    projectId: `p-${id}`,
    contractorId: 'c1',
    amount,
    timeline: 30,
    proposal: `Proposal ${id}`,
    status,
    createdAt: '2025-06-01T12:00:00.000Z',
    updatedAt: '2025-06-01T12:00:00.000Z',
    project: {
      id: `p-${id}`,
      clientId: `owner-${id}`,
      title: `Project ${id}`,
      location: 'Nassau',
      category: 'Construction',
      tags,
      budgetMin: '5000.00',
      budgetMax: '12000.00',
      currentPhase: 'bidding',
      owner: { id: `owner-${id}`, firstName: 'Clara', lastName: 'Knowles', rating: 4.5, reviewCount: 2 },
    },
  };
}

function setup(bids: OwnBid[], extra: Partial<RemoteProps> = {}) {
  const fetch = mockFetch();
  fetch.mockImplementation(async () => jsonResponse(200, bids));
  const user = makeUser({ role: 'contractor' });
  const shell = { navigate: vi.fn(), refreshUser: vi.fn(async () => {}), toast: vi.fn() };
  const props = {
    path: '/my-bids',
    search: '',
    user,
    country: 'BS',
    ...shell,
    ...extra,
  } satisfies RemoteProps;
  render(<MyBidsPage {...props} user={user} />);
  return props;
}

const summaryValue = (label: string) =>
  screen.getAllByText(label).find((el) => el.closest('.summary-card'))?.nextElementSibling?.textContent;

describe('MyBidsPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the summary cards and tab counts', async () => {
    setup([
      bid('1', 'pending', '1000.00', ['a', 'b', 'c']),
      bid('2', 'pending', '2500.50'),
      bid('3', 'accepted', '10000.00'),
      bid('4', 'rejected', '500.00'),
    ]);
    expect(await screen.findByRole('tab', { name: 'All (4)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pending (2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Accepted (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Not Selected (1)' })).toBeTruthy();
    expect(summaryValue('Pending')).toBe('2');
    expect(summaryValue('Accepted')).toBe('1');
    expect(summaryValue('Not Selected')).toBe('1');
    expect(summaryValue('Total Value')).toBe('$14,000.50');
    expect(screen.getByRole('heading', { level: 1, name: 'My Bids' })).toBeTruthy();
  });

  it('shows a bid card with its facts, two tags, and the actions by status', async () => {
    const awarded = bid('3', 'accepted', '10000.00');
    setup([
      bid('1', 'pending', '1000.00', ['a', 'b', 'c']),
      { ...awarded, project: { ...awarded.project, currentPhase: 'in_progress' } } as OwnBid,
    ]);
    const card = (await screen.findByRole('heading', { name: 'Project 1' })).closest(
      'article',
    ) as HTMLElement;
    const c = within(card);
    for (const text of ['$1,000', '30 days', '#a', '★ 4.5 (2 reviews)', 'Clara Knowles']) {
      expect(c.getByText(text)).toBeTruthy();
    }
    expect(c.queryByText('#c')).toBeNull();
    expect(c.getByRole('link', { name: 'View Project' }).getAttribute('href')).toBe('/projects/p-1');
    expect(c.getByRole('button', { name: 'Edit Bid' })).toBeTruthy();
    expect(c.queryByRole('button', { name: 'Contact Owner' })).toBeNull();
    const accepted = within(
      screen.getByRole('heading', { name: 'Project 3' }).closest('article') as HTMLElement,
    );
    expect(accepted.getByRole('button', { name: 'Contact Owner' })).toBeTruthy();
    expect(accepted.queryByRole('button', { name: 'Edit Bid' })).toBeNull();
    // The awarded work's phase shows on the won bid only.
    expect(accepted.getByText('In Progress')).toBeTruthy();
    expect(c.queryByText('Bidding')).toBeNull();
  });

  it("'Contact Owner' opens the shell's message dialog with the project's owner", async () => {
    const openMessages = vi.fn();
    setup([bid('3', 'accepted', '2500.00')], { openMessages });
    fireEvent.click(await screen.findByRole('button', { name: 'Contact Owner' }));
    expect(openMessages).toHaveBeenCalledWith(
      expect.objectContaining({ otherUserId: 'owner-3', projectId: 'p-3', projectTitle: 'Project 3' }),
    );
  });

  it('filters by tab and shows each empty state', async () => {
    setup([bid('1', 'pending', '1000.00')]);
    fireEvent.click(await screen.findByRole('tab', { name: 'Accepted (0)' }));
    expect(screen.getByText('No accepted bids')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Not Selected (0)' }));
    expect(screen.getByText('No rejected bids')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Pending (1)' }));
    expect(screen.getByRole('heading', { name: 'Project 1' })).toBeTruthy();
  });

  it("says 'No bids yet' with a link to browse, and 'No pending bids'", async () => {
    setup([]);
    expect(await screen.findByText('No bids yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Projects' }).getAttribute('href')).toBe('/projects');
    fireEvent.click(screen.getByRole('tab', { name: 'Pending (0)' }));
    expect(screen.getByText('No pending bids')).toBeTruthy();
  });

  it('opens the bid dialog in edit mode from Edit Bid', async () => {
    setup([bid('1', 'pending', '1000.00')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Bid' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Bid' });
    expect((within(dialog).getByLabelText(/Bid Amount/) as HTMLInputElement).value).toBe('1000.00');
    expect((within(dialog).getByLabelText(/Timeline/) as HTMLInputElement).value).toBe('30');
    // The project's budget, not 'Budget negotiable'.
    expect(within(dialog).getByText('$5,000 - $12,000')).toBeTruthy();
  });
});
