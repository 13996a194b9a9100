// @vitest-environment jsdom

import { makeProject, routeFetch } from '@buildbid/test-kit/fixtures';
import { jsonResponse, mockFetch } from '@buildbid/test-kit/helpers';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BidDialog } from './BidDialog.tsx';

function setup(
  stats: { bidsThisMonth: number; subscriptionTier: 'free' | 'pro' },
  bidAnswer?: () => Response,
) {
  const fetch = mockFetch();
  fetch.mockImplementation(
    routeFetch({
      'GET /api/users/me/stats': () => jsonResponse(200, { ...stats, totalBids: 0, totalProjects: 0 }),
      'POST /api/projects/p1/bids': bidAnswer ?? (() => jsonResponse(201, { id: 'b1' })),
    }),
  );
  const props = {
    toast: vi.fn(),
    navigate: vi.fn(),
    onOpenChange: vi.fn(),
    onSubmitted: vi.fn(),
  };
  render(<BidDialog project={makeProject()} isOpen tier={stats.subscriptionTier} {...props} />);
  return { fetch, ...props };
}

const submit = () => screen.getByRole('button', { name: /Submit Bid|Submitting/ });

function fill(amount: string, timeline: string, proposal: string) {
  fireEvent.change(screen.getByLabelText(/Bid Amount/), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText(/Timeline/), { target: { value: timeline } });
  fireEvent.change(screen.getByLabelText(/Proposal/), { target: { value: proposal } });
}

describe('BidDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the project, budget and tips in a dialog', async () => {
    setup({ bidsThisMonth: 0, subscriptionTier: 'free' });
    const dialog = screen.getByRole('dialog', { name: 'Submit Bid' });
    expect(dialog.textContent).toContain('Kitchen renovation');
    expect(dialog.textContent).toContain('$5,000 - $25,000');
    expect(dialog.textContent).toContain('Tips for a winning bid');
    expect(submit().hasAttribute('disabled')).toBe(false);
  });

  it("is disabled at 3 bids on the free plan, with 'Bid Limit Reached'", async () => {
    setup({ bidsThisMonth: 3, subscriptionTier: 'free' });
    await screen.findByText('Bid Limit Reached');
    expect(screen.getByText("You've reached your monthly limit of 3 bids on the free plan.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro for Unlimited Bids' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(submit().hasAttribute('disabled')).toBe(true);
  });

  it('is not limited on Pro', async () => {
    const { fetch } = setup({ bidsThisMonth: 12, subscriptionTier: 'pro' });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByText('Bid Limit Reached')).toBeNull();
    expect(submit().hasAttribute('disabled')).toBe(false);
  });

  it('shows the required messages and sends nothing', async () => {
    const { fetch } = setup({ bidsThisMonth: 0, subscriptionTier: 'free' });
    fireEvent.click(submit());
    expect(await screen.findByText('Amount is required')).toBeTruthy();
    expect(screen.getByText('Timeline is required')).toBeTruthy();
    expect(fetch.mock.calls.every(([r]) => r.method === 'GET')).toBe(true);
  });

  it('sends numbers, toasts success and refreshes', async () => {
    const { fetch, toast, onSubmitted, onOpenChange } = setup({ bidsThisMonth: 1, subscriptionTier: 'free' });
    fill('12500.50', '30', 'We will do it well.');
    fireEvent.click(submit());
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const post = fetch.mock.calls.map(([r]) => r).find((r) => r.method === 'POST');
    expect(await post?.clone().json()).toEqual({
      amount: 12500.5,
      timeline: 30,
      proposal: 'We will do it well.',
    });
    expect(toast).toHaveBeenCalledWith({
      title: 'Success!',
      description: 'Your bid has been submitted successfully.',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("reads 'Submitting...' while in progress", async () => {
    let answer: (r: Response) => void = () => {};
    setup(
      { bidsThisMonth: 0, subscriptionTier: 'free' },
      () =>
        new Promise<Response>((r) => {
          answer = r;
        }) as unknown as Response,
    );
    fill('100', '3', 'Quick job.');
    fireEvent.click(submit());
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeTruthy();
    answer(jsonResponse(201, { id: 'b1' }));
  });

  it('on 401 toasts Unauthorized and goes to /api/login after 500 ms', async () => {
    const { toast, navigate } = setup({ bidsThisMonth: 0, subscriptionTier: 'free' }, () =>
      jsonResponse(401, { message: 'Unauthorized', code: 'UNAUTHENTICATED' }),
    );
    fill('100', '3', 'Quick job.');
    fireEvent.click(submit());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
        variant: 'destructive',
      }),
    );
    expect(navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/api/login'), { timeout: 1500 });
  });

  it("shows the banner on 403 BID_LIMIT_REACHED and an 'Error' toast otherwise", async () => {
    const { toast } = setup({ bidsThisMonth: 2, subscriptionTier: 'free' }, () =>
      jsonResponse(403, { message: 'limit', code: 'BID_LIMIT_REACHED' }),
    );
    fill('100', '3', 'Quick job.');
    fireEvent.click(submit());
    await screen.findByText('Bid Limit Reached');
    expect(toast).not.toHaveBeenCalled();
    cleanup();
    const second = setup({ bidsThisMonth: 0, subscriptionTier: 'free' }, () =>
      jsonResponse(409, { message: 'You have already bid on this project', code: 'ALREADY_BID' }),
    );
    fill('100', '3', 'Quick job.');
    fireEvent.click(submit());
    await waitFor(() =>
      expect(second.toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'You have already bid on this project',
        variant: 'destructive',
      }),
    );
  });
});
