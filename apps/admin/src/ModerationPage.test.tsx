// @vitest-environment jsdom
import type { RemoteProps } from '@buildbid/api-client';
import { jsonResponse, makeUser, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from './App.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ADMIN = makeUser({ id: 'a1', role: 'admin', firstName: 'Ada', lastName: 'Admin' });
const PROJECT = '0f6a1c2e-8d4b-4e1a-9c3f-2b7d5e8a1c40';
const base = `/api/admin/moderation/items/project/${PROJECT}`;
const paged = (items: unknown[]) =>
  new Response(JSON.stringify(items), {
    headers: { 'content-type': 'application/json', 'x-total-count': String(items.length) },
  });

const queued = (claim: unknown = null) => ({
  targetType: 'project',
  targetId: PROJECT,
  openReports: 2,
  reporters: 2,
  reasons: [
    { reason: 'scam', count: 1 },
    { reason: 'spam', count: 1 },
  ],
  firstReportedAt: '2027-03-25T10:00:00.000Z',
  lastReportedAt: '2027-03-25T11:00:00.000Z',
  claim,
  summary: 'Kitchen remodel, deposit by wire',
  author: { id: 'o1', name: 'Ann Owner', email: 'ann@example.com' },
  projectId: PROJECT,
  projectTitle: 'Kitchen remodel, deposit by wire',
  hidden: false,
});
const detail = (claim: unknown = null) => ({
  ...queued(claim),
  reports: [
    {
      id: 'r1',
      reporter: { id: 'c1', name: 'Bob Builder', email: 'bob@example.com' },
      reason: 'scam',
      details: 'Wants a wire transfer',
      createdAt: '2027-03-25T10:00:00.000Z',
    },
    { id: 'r2', reporter: null, reason: 'spam', details: null, createdAt: '2027-03-25T11:00:00.000Z' },
  ],
  content: 'Send the deposit by wire before we start.',
  conversation: null,
});

function props(): RemoteProps {
  return {
    path: '/admin/moderation',
    search: '',
    user: ADMIN,
    country: '',
    navigate: vi.fn(),
    refreshUser: vi.fn(async () => {}),
    toast: vi.fn(),
  };
}

/** Decision 0221: the moderation queue in the admin remote. */
describe('ModerationPage', () => {
  it('lists open reports by item, opens one in its context, claims it and hides it with a reason', async () => {
    let claimed: unknown = null;
    let decided = false;
    const fetch = routeFetch({
      'GET /api/admin/moderation/queue': () => paged(decided ? [] : [queued(claimed)]),
      'GET /api/admin/moderation/actions': () => paged([]),
      [`GET ${base}`]: () => jsonResponse(200, detail(claimed)),
      [`PUT ${base}/claim`]: () => {
        claimed = {
          admin: { id: 'a1', name: 'Ada Admin', email: 'ada@example.com' },
          claimedAt: '2027-03-25T12:00:00.000Z',
        };
        return new Response(null, { status: 204 });
      },
      [`POST ${base}/decision`]: () => {
        decided = true;
        return jsonResponse(200, { outcome: 'hidden', closedReportIds: ['r1', 'r2'] });
      },
    });
    const p = props();
    render(<App {...p} />);

    expect(await screen.findByRole('heading', { name: 'Moderation queue' })).toBeTruthy();
    expect(await screen.findByText('Kitchen remodel, deposit by wire')).toBeTruthy();
    expect(screen.getByText(/2 reporters/)).toBeTruthy();
    expect(
      within(screen.getAllByRole('list', { name: 'Reasons' })[0] as HTMLElement).getByText('Scam or fraud'),
    ).toBeTruthy();
    expect(screen.getByText('Unclaimed')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Review Project: Kitchen remodel, deposit by wire' }));
    const panel = (
      await screen.findByRole('heading', { name: 'Project: Kitchen remodel, deposit by wire', level: 2 })
    ).closest('section') as HTMLElement;
    expect(await within(panel).findByText('Send the deposit by wire before we start.')).toBeTruthy();
    expect(within(panel).getByText('BuildBid (automatic)', { exact: false })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Open the project page' }).getAttribute('href')).toBe(
      `/projects/${PROJECT}`,
    );

    fireEvent.click(within(panel).getByRole('button', { name: 'Claim' }));
    expect(await within(panel).findByText('Claimed by you')).toBeTruthy();

    fireEvent.click(
      within(panel).getByRole('radio', { name: 'Hide the content from everyone but its author' }),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply decision' }));
    await waitFor(() =>
      expect(p.toast).toHaveBeenCalledWith({
        title: 'Hidden',
        description: '2 reports closed. The reporters will be told.',
      }),
    );
    const sent = fetch.mock.calls.map(([r]) => r).find((r) => r.method === 'POST');
    expect(await sent?.json()).toEqual({ action: 'hide', reason: 'scam', note: null });
    expect(await screen.findByText('No open reports. Nothing to review.')).toBeTruthy();
    expect(requestsOf(fetch)).toContain(`PUT ${base}/claim`);
  });

  it("shows another admin's claim and offers no decision", async () => {
    const other = {
      admin: { id: 'a2', name: 'Max Admin', email: 'max@example.com' },
      claimedAt: '2027-03-25T12:00:00.000Z',
    };
    routeFetch({
      'GET /api/admin/moderation/queue': () => paged([queued(other)]),
      'GET /api/admin/moderation/actions': () => paged([]),
      [`GET ${base}`]: () => jsonResponse(200, detail(other)),
    });
    render(<App {...props()} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Review Project/ }));
    expect(await screen.findByText('Max Admin claimed this item: only they can decide on it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply decision' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Claim' })).toBeNull();
  });
});
