// @vitest-environment jsdom

import { fakeRealtime, jsonResponse, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONVERSATION_CLOSED, isSendDisabled, MessageDialog } from './MessageDialog.tsx';

const ME = 'me-1';
const OWNER = 'owner-1';

function message(overrides: Record<string, unknown> = {}) {
  return {
    id: 'm1',
    senderId: OWNER,
    receiverId: ME,
    projectId: 'p1',
    type: 'text',
    content: 'Hello, is the deck still open for bids?',
    attachment: null,
    isRead: false,
    createdAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

function renderDialog(props: Partial<Parameters<typeof MessageDialog>[0]> = {}) {
  const toast = vi.fn();
  const realtime = fakeRealtime();
  const utils = render(
    <MessageDialog
      target={{ otherUserId: OWNER, otherUserName: 'Ann Rolle', projectId: 'p1', projectTitle: 'Deck' }}
      currentUserId={ME}
      isOpen
      onOpenChange={vi.fn()}
      realtime={realtime}
      toast={toast}
      {...props}
    />,
  );
  return { ...utils, toast, realtime };
}

/** The conversation's reads (GET /api/messages), without the status the dialog also asks for. */
function conversationReads(fetch: ReturnType<typeof routeFetch>): string[] {
  return requestsOf(fetch).filter((r) => r.startsWith('GET /api/messages?'));
}

const input = () => screen.getByPlaceholderText('Type a message...') as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: /^Send/ });

describe('isSendDisabled', () => {
  it('is disabled for empty or blank text and while sending', () => {
    expect(isSendDisabled('', false)).toBe(true);
    expect(isSendDisabled('   ', false)).toBe(true);
    expect(isSendDisabled('hi', true)).toBe(true);
    expect(isSendDisabled(' hi ', false)).toBe(false);
  });
});

describe('MessageDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows 'Loading messages...' and then 'No messages yet'", async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = routeFetch({
      'GET /api/messages': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderDialog();
    expect(screen.getByRole('dialog')).toBeTruthy();
    // The title names the other person and the project.
    expect(screen.getByRole('heading', { name: 'Message Ann Rolle · Deck' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Message Ann Rolle · Deck' })).toBeTruthy();
    expect(screen.getByText('Loading messages...')).toBeTruthy();
    await act(async () => answer(jsonResponse(200, [])));
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(conversationReads(fetch)).toEqual([`GET /api/messages?otherUserId=${OWNER}&projectId=p1`]);
  });

  it('fetches nothing while closed', () => {
    const fetch = routeFetch({ 'GET /api/messages': [] });
    renderDialog({ isOpen: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('leaves projectId out of the query for a conversation without a project', async () => {
    const fetch = routeFetch({ 'GET /api/messages': [] });
    renderDialog({ target: { otherUserId: OWNER } });
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(conversationReads(fetch)).toEqual([`GET /api/messages?otherUserId=${OWNER}`]);
  });

  it('disables send for blank text, sends the trimmed text, clears the input and refreshes', async () => {
    let sent: unknown;
    let list = [message()];
    let release: () => void = () => {};
    const fetch = routeFetch({
      'GET /api/messages': () => jsonResponse(200, list),
      'POST /api/messages': async (request: Request) => {
        sent = await request.json();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        list = [...list, message({ id: 'm2', senderId: ME, receiverId: OWNER, content: 'Yes it is' })];
        return jsonResponse(201, list[1]);
      },
    });
    renderDialog();
    expect(await screen.findByText('Hello, is the deck still open for bids?')).toBeTruthy();
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(input(), { target: { value: '   ' } });
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(input(), { target: { value: '  Yes it is  ' } });
    expect(sendButton().hasAttribute('disabled')).toBe(false);
    fireEvent.click(sendButton());
    // While the send is on its way the button stays disabled.
    await waitFor(() => expect(sendButton().hasAttribute('disabled')).toBe(true));
    expect(sendButton().textContent).toBe('Sending...');
    await act(async () => release());
    expect(await screen.findByText('Yes it is')).toBeTruthy();
    expect(input().value).toBe('');
    expect(sent).toEqual({ receiverId: OWNER, projectId: 'p1', content: 'Yes it is', type: 'text' });
    expect(conversationReads(fetch).length).toBe(2);
  });

  it("shows a destructive 'Error' toast with the message when the send fails", async () => {
    routeFetch({
      'GET /api/messages': [],
      'POST /api/messages': () => jsonResponse(400, { message: 'You cannot message yourself', code: 'X' }),
    });
    const { toast } = renderDialog();
    await screen.findByText('No messages yet');
    fireEvent.change(input(), { target: { value: 'hi' } });
    fireEvent.click(sendButton());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'You cannot message yourself',
        variant: 'destructive',
      }),
    );
    expect(input().value).toBe('hi');
    expect(sendButton().hasAttribute('disabled')).toBe(false);
  });

  it('refreshes when a message from the other party arrives, not from anyone else', async () => {
    const fetch = routeFetch({ 'GET /api/messages': [] });
    const { realtime } = renderDialog();
    await screen.findByText('No messages yet');
    const gets = () => conversationReads(fetch).length;
    await act(async () => realtime.emit({ type: 'new_message', data: { senderId: 'someone-else' } }));
    expect(gets()).toBe(1);
    await act(async () => realtime.emit({ type: 'new_message', data: { senderId: OWNER } }));
    await waitFor(() => expect(gets()).toBe(2));
  });

  it('replies in the thread of the latest message when opened without a project', async () => {
    let sent: unknown;
    routeFetch({
      'GET /api/messages': [message({ projectId: 'p7' })],
      'POST /api/messages': async (r: Request) => {
        sent = await r.json();
        return jsonResponse(201, message({ id: 'm2' }));
      },
    });
    renderDialog({ target: { otherUserId: OWNER } });
    await screen.findByText('Hello, is the deck still open for bids?');
    fireEvent.change(input(), { target: { value: 'Sure' } });
    fireEvent.click(sendButton());
    await waitFor(() =>
      expect(sent).toEqual({ receiverId: OWNER, projectId: 'p7', content: 'Sure', type: 'text' }),
    );
  });

  it('opened from a notification, names the person and the project of the latest message', async () => {
    routeFetch({
      'GET /api/messages': [message({ projectId: 'p7' })],
      'GET /api/projects/p7': { id: 'p7', title: 'Kitchen refit in Nassau' },
    });
    renderDialog({ target: { otherUserId: OWNER, otherUserName: 'Ann Rolle' } });
    expect(
      await screen.findByRole('heading', { name: 'Message Ann Rolle · Kitchen refit in Nassau' }),
    ).toBeTruthy();
  });

  it('names the person alone when the project can no longer be read', async () => {
    routeFetch({
      'GET /api/messages': [message({ projectId: 'gone' })],
      'GET /api/projects/gone': jsonResponse(404, {
        message: 'Project not found',
        code: 'PROJECT_NOT_FOUND',
      }),
    });
    renderDialog({ target: { otherUserId: OWNER, otherUserName: 'Ann Rolle' } });
    await screen.findByText('Hello, is the deck still open for bids?');
    expect(screen.getByRole('heading', { name: 'Message Ann Rolle' })).toBeTruthy();
  });

  describe('a conversation with a deleted account (decision 0193)', () => {
    it('shows it closed: the old messages, no composer, and a line saying it is closed', async () => {
      const fetch = routeFetch({
        'GET /api/messages': [message()],
        'POST /api/messages/read': { count: 1 },
        'GET /api/messages/status': {
          otherUserId: OWNER,
          closed: true,
          closedReason: 'This account has been deleted; the conversation is closed',
          blockedByMe: false,
        },
      });
      renderDialog({ target: { otherUserId: OWNER, otherUserName: 'Deleted user' } });
      expect(await screen.findByText('Hello, is the deck still open for bids?')).toBeTruthy();
      const line = await screen.findByText('This account has been deleted; the conversation is closed');
      expect(line.getAttribute('role')).toBe('status');
      expect(screen.queryByPlaceholderText('Type a message...')).toBeNull();
      expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
      // The dialog can still be closed.
      expect(screen.getByRole('button', { name: 'Close messages' })).toBeTruthy();
      expect(requestsOf(fetch)).toContain(`GET /api/messages/status?otherUserId=${OWNER}`);
    });

    it('keeps the composer while the conversation is open', async () => {
      routeFetch({
        'GET /api/messages': [],
        'GET /api/messages/status': {
          otherUserId: OWNER,
          closed: false,
          closedReason: null,
          blockedByMe: false,
        },
      });
      renderDialog();
      await screen.findByText('No messages yet');
      expect(input()).toBeTruthy();
      expect(screen.queryByText(CONVERSATION_CLOSED)).toBeNull();
    });

    it('closes when a send is refused with RECIPIENT_DELETED, without an error toast, and moves the focus to the line', async () => {
      routeFetch({
        'GET /api/messages': [],
        'GET /api/messages/status': {
          otherUserId: OWNER,
          closed: false,
          closedReason: null,
          blockedByMe: false,
        },
        'POST /api/messages': () =>
          jsonResponse(409, {
            code: 'RECIPIENT_DELETED',
            message: 'This account has been deleted; the conversation is closed',
            field: 'receiverId',
          }),
      });
      const { toast } = renderDialog();
      await screen.findByText('No messages yet');
      fireEvent.change(input(), { target: { value: 'Still there?' } });
      fireEvent.click(sendButton());
      const line = await screen.findByText(CONVERSATION_CLOSED);
      expect(screen.queryByPlaceholderText('Type a message...')).toBeNull();
      expect(document.activeElement).toBe(line);
      expect(toast).not.toHaveBeenCalled();
    });
  });

  describe('blocking (decision 0220)', () => {
    const open = { otherUserId: OWNER, closed: false, closedReason: null, blockedByMe: false };
    const BLOCKED_LINE = 'You blocked this person. Unblock them in your profile to message them.';

    it("asks first, blocks, then shows the server's line instead of the composer and moves the focus to it", async () => {
      let blocked = false;
      const fetch = routeFetch({
        'GET /api/messages': [],
        'GET /api/messages/status': () =>
          jsonResponse(
            200,
            blocked ? { ...open, closed: true, closedReason: BLOCKED_LINE, blockedByMe: true } : open,
          ),
        [`PUT /api/users/me/blocks/${OWNER}`]: () => {
          blocked = true;
          return new Response(null, { status: 204 });
        },
      });
      const { toast } = renderDialog();
      await screen.findByText('No messages yet');
      fireEvent.click(await screen.findByRole('button', { name: 'Block Ann Rolle' }));
      const confirm = screen.getByRole('alertdialog', { name: 'Block Ann Rolle?' });
      expect(confirm.textContent).toContain(
        "They won't be able to message you or bid on your projects, and their pending bids on your projects will be declined. They won't be told.",
      );
      expect(requestsOf(fetch).some((r) => r.startsWith('PUT'))).toBe(false);
      fireEvent.click(within(confirm).getByRole('button', { name: 'Block' }));

      const line = await screen.findByText(BLOCKED_LINE);
      await waitFor(() => expect(document.activeElement).toBe(line));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(screen.queryByPlaceholderText('Type a message...')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Block Ann Rolle' })).toBeNull();
      expect(toast).toHaveBeenCalledWith({ title: 'Blocked' });
      expect(requestsOf(fetch)).toContain(`PUT /api/users/me/blocks/${OWNER}`);
    });

    it('Cancel blocks nothing and keeps the conversation open', async () => {
      const fetch = routeFetch({ 'GET /api/messages': [], 'GET /api/messages/status': open });
      renderDialog();
      fireEvent.click(await screen.findByRole('button', { name: 'Block Ann Rolle' }));
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(input()).toBeTruthy();
      expect(requestsOf(fetch).some((r) => r.startsWith('PUT'))).toBe(false);
    });

    it("toasts a refused block ('Error' with the message) and keeps the conversation open", async () => {
      routeFetch({
        'GET /api/messages': [],
        'GET /api/messages/status': open,
        [`PUT /api/users/me/blocks/${OWNER}`]: jsonResponse(403, {
          code: 'CANNOT_BLOCK_ADMIN',
          message: "BuildBid's admins cannot be blocked",
          field: 'userId',
        }),
      });
      const { toast } = renderDialog();
      fireEvent.click(await screen.findByRole('button', { name: 'Block Ann Rolle' }));
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Block' }));
      await waitFor(() =>
        expect(toast).toHaveBeenCalledWith({
          title: 'Error',
          description: "BuildBid's admins cannot be blocked",
          variant: 'destructive',
        }),
      );
      expect(input()).toBeTruthy();
    });

    it("shows the blocked person 'You cannot message this person' without the composer, and still offers Block", async () => {
      routeFetch({
        'GET /api/messages': [message()],
        'POST /api/messages/read': { count: 1 },
        'GET /api/messages/status': { ...open, closed: true, closedReason: 'You cannot message this person' },
      });
      renderDialog();
      expect(await screen.findByText('You cannot message this person')).toBeTruthy();
      expect(screen.getByText('Hello, is the deck still open for bids?')).toBeTruthy();
      expect(screen.queryByPlaceholderText('Type a message...')).toBeNull();
      expect(screen.getByRole('button', { name: 'Block Ann Rolle' })).toBeTruthy();
    });

    it("shows 'You cannot message this person' from a refused send (CANNOT_MESSAGE_USER), without an error toast", async () => {
      routeFetch({
        'GET /api/messages': [],
        'GET /api/messages/status': open,
        'POST /api/messages': () =>
          jsonResponse(403, {
            code: 'CANNOT_MESSAGE_USER',
            message: 'You cannot message this person',
            field: 'receiverId',
          }),
      });
      const { toast } = renderDialog();
      await screen.findByText('No messages yet');
      fireEvent.change(input(), { target: { value: 'Still there?' } });
      fireEvent.click(sendButton());
      const line = await screen.findByText('You cannot message this person');
      expect(document.activeElement).toBe(line);
      expect(screen.queryByPlaceholderText('Type a message...')).toBeNull();
      expect(toast).not.toHaveBeenCalled();
    });

    it('offers no Block to a blocker, nor in a conversation with a deleted account', async () => {
      routeFetch({
        'GET /api/messages': [],
        'GET /api/messages/status': { ...open, closed: true, closedReason: BLOCKED_LINE, blockedByMe: true },
      });
      renderDialog();
      await screen.findByText(BLOCKED_LINE);
      expect(screen.queryByRole('button', { name: /^Block/ })).toBeNull();
      cleanup();
      routeFetch({
        'GET /api/messages': [],
        'GET /api/messages/status': { ...open, closed: true, closedReason: CONVERSATION_CLOSED },
      });
      renderDialog();
      await screen.findByText(CONVERSATION_CLOSED);
      expect(screen.queryByRole('button', { name: /^Block/ })).toBeNull();
    });
  });

  /** Decision 0221: reporting the other person's message. */
  describe('reporting a message', () => {
    it("reports one of the other person's messages, which then shows 'Reported'; your own have no Report", async () => {
      const fetch = routeFetch({
        'GET /api/messages': [
          message(),
          message({ id: 'm2', senderId: ME, receiverId: OWNER, content: 'Yes.' }),
        ],
        'POST /api/messages/read': { count: 1 },
        'GET /api/users/me/reports': [],
        'POST /api/reports': jsonResponse(201, {
          id: 'r1',
          targetType: 'message',
          targetId: 'm1',
          reason: 'off_platform_payment',
          createdAt: '2026-01-10T12:05:00.000Z',
        }),
      });
      const { toast } = renderDialog();
      const reports = await screen.findAllByRole('button', { name: /^Report this message/ });
      expect(reports).toHaveLength(1);
      fireEvent.click(reports[0] as HTMLElement);
      const dialog = await screen.findByRole('dialog', { name: 'Report this message' });
      fireEvent.click(within(dialog).getByRole('radio', { name: 'Asks for payment off BuildBid' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Report' }));

      expect(await screen.findByText('Reported')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Report this message/ })).toBeNull();
      expect(toast).toHaveBeenCalledWith({
        title: 'Reported',
        description: "Thank you. We'll let you know what we decide.",
      });
      const sent = fetch.mock.calls
        .map(([r]) => r)
        .find((r) => r.method === 'POST' && r.url.endsWith('/api/reports'));
      expect(await sent?.json()).toEqual({
        targetType: 'message',
        targetId: 'm1',
        reason: 'off_platform_payment',
        details: null,
      });
    });

    it("shows 'Reported' for a message reported before", async () => {
      routeFetch({
        'GET /api/messages': [message()],
        'POST /api/messages/read': { count: 1 },
        'GET /api/users/me/reports': [
          {
            id: 'r1',
            targetType: 'message',
            targetId: 'm1',
            reason: 'spam',
            createdAt: '2026-01-10T12:05:00.000Z',
          },
        ],
      });
      renderDialog();
      expect(await screen.findByText('Reported')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Report this message/ })).toBeNull();
    });
  });
});
