// @vitest-environment jsdom

import { fakeRealtime, jsonResponse, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { iconKind } from './icons.tsx';
import { LIST_REFETCH_MS, NotificationBell, UNREAD_REFETCH_MS } from './NotificationBell.tsx';
import { notificationTarget } from './target.ts';
import { badgeText, relativeTime } from './time.ts';

const MIN = 60_000;

function notification(overrides: Record<string, unknown> = {}) {
  return {
    id: 'n1',
    userId: 'u1',
    type: 'bid_received',
    title: 'New bid',
    message: 'Reggie bid $5,000 on Kitchen remodel',
    relatedEntityId: null,
    isRead: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

function ago(ms: number): string {
  return new Date(Date.now() - ms).toISOString();
}

function openBell(name: RegExp = /^Notifications/) {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.getByRole('dialog');
}

describe('relativeTime and badgeText', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it("reads 'Just now', 'Nm ago', 'Nh ago', 'Nd ago'", () => {
    expect(relativeTime('2026-01-10T11:59:30Z', now)).toBe('Just now');
    expect(relativeTime('2026-01-10T11:55:00Z', now)).toBe('5m ago');
    expect(relativeTime('2026-01-10T09:00:00Z', now)).toBe('3h ago');
    expect(relativeTime('2026-01-08T11:00:00Z', now)).toBe('2d ago');
  });

  it("caps the badge at '9+' above 9 and hides it at 0", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });

  it('gives the six known types their own icon and any other type the default', () => {
    for (const t of [
      'message_received',
      'bid_received',
      'bid_accepted',
      'bid_rejected',
      'review_received',
      'project_completed',
    ])
      expect(iconKind(t)).toBe(t);
    expect(iconKind('system')).toBe('default');
  });
});

describe('NotificationBell', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows '9+' above 9 unread", async () => {
    routeFetch({ 'GET /api/notifications/unread-count': { count: 12 }, 'GET /api/notifications': [] });
    render(<NotificationBell realtime={fakeRealtime()} toast={vi.fn()} />);
    expect((await screen.findByTestId('bell-badge')).textContent).toBe('9+');
    expect(screen.getByRole('button', { name: 'Notifications, 12 unread' })).toBeTruthy();
  });

  it('shows the exact count up to 9, and no badge at 0', async () => {
    routeFetch({ 'GET /api/notifications/unread-count': { count: 3 }, 'GET /api/notifications': [] });
    const { unmount } = render(<NotificationBell realtime={fakeRealtime()} toast={vi.fn()} />);
    expect((await screen.findByTestId('bell-badge')).textContent).toBe('3');
    unmount();
    routeFetch({ 'GET /api/notifications/unread-count': { count: 0 }, 'GET /api/notifications': [] });
    render(<NotificationBell realtime={fakeRealtime()} toast={vi.fn()} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
    expect(screen.queryByTestId('bell-badge')).toBeNull();
  });

  it("shows 'Loading...' until the list answers, then 'No notifications yet'", async () => {
    let answer: (r: Response) => void = () => {};
    routeFetch({
      'GET /api/notifications/unread-count': { count: 0 },
      'GET /api/notifications': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    render(<NotificationBell realtime={fakeRealtime()} toast={vi.fn()} />);
    const dialog = openBell();
    expect(within(dialog).getByText('Loading...')).toBeTruthy();
    await act(async () => answer(jsonResponse(200, [])));
    expect(await within(dialog).findByText('No notifications yet')).toBeTruthy();
  });

  it('lists items with an icon by type, title, message and relative time', async () => {
    routeFetch({
      'GET /api/notifications/unread-count': { count: 2 },
      'GET /api/notifications': [
        notification({ id: 'a', type: 'message_received', title: 'New message', createdAt: ago(10_000) }),
        notification({ id: 'b', type: 'bid_accepted', title: 'Bid accepted', createdAt: ago(5 * MIN) }),
        notification({ id: 'c', type: 'review_received', title: 'New review', createdAt: ago(3 * 60 * MIN) }),
        notification({
          id: 'd',
          type: 'system',
          title: 'Welcome',
          isRead: true,
          createdAt: ago(2 * 24 * 60 * MIN),
        }),
      ],
    });
    render(<NotificationBell realtime={fakeRealtime()} toast={vi.fn()} />);
    const dialog = openBell(/^Notifications/);
    expect(await within(dialog).findByText('New message')).toBeTruthy();
    expect(within(dialog).getByText('Just now')).toBeTruthy();
    expect(within(dialog).getByText('5m ago')).toBeTruthy();
    expect(within(dialog).getByText('3h ago')).toBeTruthy();
    expect(within(dialog).getByText('2d ago')).toBeTruthy();
    const icons = [...dialog.querySelectorAll('[data-icon]')].map((el) => el.getAttribute('data-icon'));
    expect(icons).toEqual(['message_received', 'bid_accepted', 'review_received', 'default']);
    expect(within(dialog).getAllByText('Reggie bid $5,000 on Kitchen remodel').length).toBe(4);
  });

  it('marks an item read when clicked', async () => {
    const fetch = routeFetch({
      'GET /api/notifications/unread-count': { count: 1 },
      'GET /api/notifications': [notification({ id: 'n42', title: 'New bid' })],
      'PATCH /api/notifications/n42/read': () => new Response(null, { status: 204 }),
    });
    render(<NotificationBell realtime={fakeRealtime()} toast={vi.fn()} />);
    const dialog = openBell();
    fireEvent.click(await within(dialog).findByRole('button', { name: /^Unread: New bid/ }));
    await waitFor(() => expect(requestsOf(fetch)).toContain('PATCH /api/notifications/n42/read'));
  });

  it("marks all read with the toast 'All notifications marked as read'", async () => {
    const toast = vi.fn();
    const fetch = routeFetch({
      'GET /api/notifications/unread-count': { count: 4 },
      'GET /api/notifications': [notification()],
      'PATCH /api/notifications/mark-all-read': () => new Response(null, { status: 204 }),
    });
    render(<NotificationBell realtime={fakeRealtime()} toast={toast} />);
    await screen.findByTestId('bell-badge');
    const dialog = openBell();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'All notifications marked as read' }));
    expect(requestsOf(fetch)).toContain('PATCH /api/notifications/mark-all-read');
  });

  it('refetches the count every 10 s, the list every 30 s, and both on a socket notification', async () => {
    vi.useFakeTimers();
    const fetch = routeFetch({
      'GET /api/notifications/unread-count': { count: 0 },
      'GET /api/notifications': [],
    });
    const realtime = fakeRealtime();
    render(<NotificationBell realtime={realtime} toast={vi.fn()} />);
    const count = () => requestsOf(fetch).filter((r) => r === 'GET /api/notifications/unread-count').length;
    const lists = () => requestsOf(fetch).filter((r) => r === 'GET /api/notifications').length;
    await act(async () => {});
    expect([count(), lists()]).toEqual([1, 1]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNREAD_REFETCH_MS);
    });
    expect([count(), lists()]).toEqual([2, 1]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIST_REFETCH_MS - UNREAD_REFETCH_MS);
    });
    expect([count(), lists()]).toEqual([4, 2]);
    await act(async () => realtime.emit({ type: 'new_message', data: { senderId: 'x' } }));
    expect([count(), lists()]).toEqual([5, 3]);
    await act(async () => realtime.emit({ type: 'connected', data: {} }));
    expect([count(), lists()]).toEqual([5, 3]);
  });
});

describe('NotificationBell and messages', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("opens the conversation with the sender of a 'message_received' notification", async () => {
    routeFetch({
      'GET /api/notifications/unread-count': { count: 1 },
      'GET /api/notifications': [
        notification({
          id: 'm',
          type: 'message_received',
          title: 'New message from Ann Rolle',
          relatedEntityId: 'sender-7',
        }),
      ],
      'PATCH /api/notifications/m/read': () => new Response(null, { status: 204 }),
    });
    const openMessages = vi.fn();
    render(<NotificationBell realtime={fakeRealtime()} toast={vi.fn()} openMessages={openMessages} />);
    const dialog = openBell();
    fireEvent.click(await within(dialog).findByRole('button', { name: /^Unread: New message/ }));
    expect(openMessages).toHaveBeenCalledWith({ otherUserId: 'sender-7', otherUserName: 'Ann Rolle' });
  });
});

describe('what a notification opens (decision 0198)', () => {
  const PROJECT = '3f2b8c1e-5a4d-4e7f-9b6a-0c1d2e3f4a5b';

  it('opens the project of a bid, a completion, a review or a project update; My Bids for a bid not selected', () => {
    for (const type of ['bid_received', 'bid_accepted', 'project_completed', 'review_received'])
      expect(notificationTarget({ type, title: 'x', relatedEntityId: PROJECT } as never)).toEqual({
        kind: 'page',
        href: `/projects/${PROJECT}`,
      });
    for (const title of [
      'Bid deadline changed',
      'Addendum posted',
      'New question',
      'Bid withdrawn',
      'Work started',
    ])
      expect(notificationTarget({ type: 'system', title, relatedEntityId: PROJECT } as never)).toEqual({
        kind: 'page',
        href: `/projects/${PROJECT}`,
      });
    expect(
      notificationTarget({ type: 'bid_rejected', title: 'x', relatedEntityId: PROJECT } as never),
    ).toEqual({
      kind: 'page',
      href: '/my-bids',
    });
  });

  it('opens the conversation of a message, the profile of a badge, Billing of a failed payment', () => {
    expect(
      notificationTarget({
        type: 'message_received',
        title: 'New message from Ann Rolle',
        relatedEntityId: 'sender-7',
      } as never),
    ).toEqual({ kind: 'conversation', otherUserId: 'sender-7', otherUserName: 'Ann Rolle' });
    expect(
      notificationTarget({ type: 'system', title: 'Badge earned', relatedEntityId: 'bids_bronze' } as never),
    ).toEqual({ kind: 'page', href: '/profile' });
    expect(
      notificationTarget({ type: 'system', title: 'Payment failed', relatedEntityId: 'sub_123' } as never),
    ).toEqual({ kind: 'page', href: '/profile?tab=billing' });
    expect(
      notificationTarget({ type: 'system', title: 'Project deleted', relatedEntityId: null } as never),
    ).toEqual({ kind: 'page', href: '/my-bids' });
    // Nothing to open: the click only marks it read.
    expect(
      notificationTarget({ type: 'system', title: 'Welcome', relatedEntityId: null } as never),
    ).toBeNull();
    expect(
      notificationTarget({ type: 'system', title: 'Odd', relatedEntityId: 'not-an-id' } as never),
    ).toBeNull();
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('clicking a bid notification marks it read, closes the list and goes to the project', async () => {
    const fetch = routeFetch({
      'GET /api/notifications/unread-count': { count: 1 },
      'GET /api/notifications': [
        notification({ id: 'n7', type: 'bid_received', title: 'New bid received', relatedEntityId: PROJECT }),
      ],
      'PATCH /api/notifications/n7/read': () => new Response(null, { status: 204 }),
    });
    const navigate = vi.fn();
    render(<NotificationBell realtime={fakeRealtime()} toast={vi.fn()} navigate={navigate} />);
    const dialog = openBell();
    fireEvent.click(await within(dialog).findByRole('button', { name: /^Unread: New bid received/ }));
    expect(navigate).toHaveBeenCalledWith(`/projects/${PROJECT}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(requestsOf(fetch)).toContain('PATCH /api/notifications/n7/read'));
  });

  it('a read notification still opens its page, without marking it again', async () => {
    const fetch = routeFetch({
      'GET /api/notifications/unread-count': { count: 0 },
      'GET /api/notifications': [
        notification({ id: 'r1', type: 'bid_rejected', title: 'Your bid was not accepted', isRead: true }),
      ],
    });
    const navigate = vi.fn();
    render(<NotificationBell realtime={fakeRealtime()} toast={vi.fn()} navigate={navigate} />);
    const dialog = openBell();
    fireEvent.click(await within(dialog).findByRole('button', { name: /^Your bid was not accepted/ }));
    expect(navigate).toHaveBeenCalledWith('/my-bids');
    expect(requestsOf(fetch).some((r) => r.startsWith('PATCH'))).toBe(false);
  });
});

describe('the bell after the session ends (decision 0198)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('stops polling at the first 401, logs nothing and tells the shell', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let signedIn = true;
    const unauthorized = () =>
      jsonResponse(401, { message: 'You are not signed in', code: 'UNAUTHENTICATED' });
    const fetch = routeFetch({
      'GET /api/notifications/unread-count': () =>
        signedIn ? jsonResponse(200, { count: 0 }) : unauthorized(),
      'GET /api/notifications': () => (signedIn ? jsonResponse(200, []) : unauthorized()),
    });
    const onSignedOut = vi.fn();
    const realtime = fakeRealtime();
    render(<NotificationBell realtime={realtime} toast={vi.fn()} onSignedOut={onSignedOut} />);
    const calls = () => requestsOf(fetch).filter((r) => r.startsWith('GET /api/notifications')).length;
    await act(async () => {});
    expect(calls()).toBe(2);

    signedIn = false; // signed out in another tab, or the session expired
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNREAD_REFETCH_MS);
    });
    expect(calls()).toBe(3);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    // No more requests: not on the timers, not on a socket message.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIST_REFETCH_MS * 3);
    });
    await act(async () => realtime.emit({ type: 'notification', data: {} }));
    expect(calls()).toBe(3);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('still logs other failures, and keeps polling after them', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = routeFetch({
      'GET /api/notifications/unread-count': () =>
        jsonResponse(503, { message: 'down', code: 'DATABASE_UNAVAILABLE' }),
      'GET /api/notifications': [],
    });
    const onSignedOut = vi.fn();
    render(<NotificationBell realtime={fakeRealtime()} toast={vi.fn()} onSignedOut={onSignedOut} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNREAD_REFETCH_MS);
    });
    const counts = requestsOf(fetch).filter((r) => r === 'GET /api/notifications/unread-count').length;
    expect(counts).toBe(2);
    expect(error).toHaveBeenCalledWith('Unread notification count failed to load', expect.anything());
    expect(onSignedOut).not.toHaveBeenCalled();
  });
});
