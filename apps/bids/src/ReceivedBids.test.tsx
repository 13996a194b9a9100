// @vitest-environment jsdom
import type { ProjectBid } from '@buildbid/api-client';
import { jsonResponse, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReceivedBids } from './ReceivedBids.tsx';

function bid(overrides: Partial<ProjectBid> = {}): ProjectBid {
  return {
    id: 'b1',
    projectId: 'p1',
    contractorId: 'c1',
    amount: '18500.00',
    timeline: 21,
    proposal: 'Standing-seam metal, permit included.',
    status: 'pending',
    createdAt: '2025-06-10T12:00:00.000Z',
    updatedAt: '2025-06-10T12:00:00.000Z',
    contractor: {
      id: 'c1',
      firstName: 'Carl',
      lastName: 'Tester',
      profileImageUrl: null,
      rating: 4.5,
      reviewCount: 3,
    },
    ...overrides,
  } as ProjectBid;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Received Bids (exposed as bids/ReceivedBids)', () => {
  it("offers the owner 'Message' on every bid, opening the dialog with that bidder and the project", async () => {
    routeFetch({
      'GET /api/projects/p1/bids': () =>
        jsonResponse(200, [
          bid(),
          bid({
            id: 'b2',
            status: 'rejected',
            contractorId: 'c2',
            contractor: {
              id: 'c2',
              firstName: 'Vera',
              lastName: 'Vendor',
              profileImageUrl: null,
              rating: 0,
              reviewCount: 0,
            },
          }),
        ]),
    });
    const openMessages = vi.fn();
    render(
      <ReceivedBids
        projectId="p1"
        projectTitle="New roof"
        isOwner
        toast={vi.fn()}
        navigate={vi.fn()}
        openMessages={openMessages}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Message Vera Vendor' }));
    expect(openMessages).toHaveBeenCalledWith({
      otherUserId: 'c2',
      otherUserName: 'Vera Vendor',
      projectId: 'p1',
      projectTitle: 'New roof',
    });
    expect(screen.getByRole('button', { name: 'Message Carl Tester' })).toBeTruthy();
  });

  it("lists a project's bids and lets the owner accept one", async () => {
    let status = 'pending';
    const fetch = routeFetch({
      'GET /api/projects/p1/bids': () => jsonResponse(200, [bid({ status: status as 'pending' })]),
      'PATCH /api/bids/b1/status': async (request: Request) => {
        status = ((await request.json()) as { status: string }).status;
        return jsonResponse(200, bid({ status: 'accepted' }));
      },
    });
    const toast = vi.fn();
    const onDecided = vi.fn();
    const onLoaded = vi.fn();
    render(
      <ReceivedBids
        projectId="p1"
        isOwner
        toast={toast}
        navigate={vi.fn()}
        onDecided={onDecided}
        onLoaded={onLoaded}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Received Bids (1)' })).toBeTruthy();
    expect(screen.getByText('Standing-seam metal, permit included.')).toBeTruthy();
    expect(screen.getByText('Carl Tester')).toBeTruthy();
    // onLoaded runs in an effect after the list renders: wait for it rather than race it.
    await waitFor(() => expect(onLoaded).toHaveBeenCalledWith([expect.objectContaining({ id: 'b1' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept this bid?' });
    expect(dialog.textContent).toContain('Accept the bid of Carl Tester for $18,500');
    expect(dialog.textContent).toContain('There are no other pending bids.');
    expect(requestsOf(fetch)).not.toContain('PATCH /api/bids/b1/status');
    fireEvent.click(screen.getByRole('button', { name: 'Accept Bid' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Success',
        description: 'Bid status updated successfully',
      }),
    );
    expect(status).toBe('accepted');
    expect(onDecided).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull());
    expect(requestsOf(fetch)).toContain('PATCH /api/bids/b1/status');
  });

  it('declines with status rejected, and an admin (not the owner) gets no buttons', async () => {
    const fetch = routeFetch({
      'GET /api/projects/p1/bids': [bid()],
      'PATCH /api/bids/b1/status': bid({ status: 'rejected' }),
    });
    const view = render(<ReceivedBids projectId="p1" isOwner toast={vi.fn()} navigate={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline this bid?' });
    expect(dialog.textContent).toContain('Carl Tester will be told');
    fireEvent.click(screen.getByRole('button', { name: 'Decline Bid' }));
    await waitFor(() => expect(requestsOf(fetch)).toContain('PATCH /api/bids/b1/status'));
    const patch = fetch.mock.calls.map(([r]) => r).find((r) => r.method === 'PATCH');
    expect(await patch?.clone().json()).toEqual({ status: 'rejected' });
    view.unmount();

    render(<ReceivedBids projectId="p1" isOwner={false} toast={vi.fn()} navigate={vi.fn()} />);
    expect(await screen.findByText('Standing-seam metal, permit included.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });
});

describe('Accept and Decline ask first', () => {
  it('says how many other pending bids will be declined, and Cancel sends nothing', async () => {
    const other = bid({ id: 'b2', amount: '20000.00', contractorId: 'c2' });
    const fetch = routeFetch({
      'GET /api/projects/p1/bids': [bid(), other, bid({ id: 'b3', contractorId: 'c3' })],
    });
    render(<ReceivedBids projectId="p1" isOwner toast={vi.fn()} navigate={vi.fn()} />);
    await screen.findByRole('heading', { name: 'Received Bids (3)' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Accept' })[1] as HTMLElement);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('for $20,000');
    expect(dialog.textContent).toContain(
      'The other 2 pending bids will be declined, and their bidders told.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requestsOf(fetch).filter((r) => r.startsWith('PATCH'))).toEqual([]);
  });

  it('reloads the list after a failed decision, so no stale buttons remain', async () => {
    let listed = 0;
    routeFetch({
      'GET /api/projects/p1/bids': () => {
        listed += 1;
        return jsonResponse(200, [bid({ status: listed === 1 ? 'pending' : 'rejected' })]);
      },
      'PATCH /api/bids/b1/status': () =>
        jsonResponse(409, { message: 'This bid has already been decided', code: 'BID_ALREADY_DECIDED' }),
    });
    const toast = vi.fn();
    render(<ReceivedBids projectId="p1" isOwner toast={toast} navigate={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Bid' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive' })),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull());
    expect(listed).toBe(2);
  });
});

describe("'Revised' on a received bid (decision 0131)", () => {
  it('shows when a pending bid was edited after it was submitted, and only then', async () => {
    const { revisedAt } = await import('./ReceivedBids.tsx');
    const created = '2026-11-20T10:00:00.000Z';
    expect(revisedAt({ status: 'pending', createdAt: created, updatedAt: created })).toBeNull();
    expect(
      revisedAt({ status: 'pending', createdAt: created, updatedAt: '2026-11-21T15:30:00.000Z' }),
    ).toMatch(/^Nov 21, \d{1,2}:30 [AP]M$/);
    expect(
      revisedAt({ status: 'rejected', createdAt: created, updatedAt: '2026-11-21T15:30:00.000Z' }),
    ).toBeNull();
  });
});
