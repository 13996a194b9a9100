/**
 * The header's notification bell (accounts-and-shell sections 2, 7 and 9): the unread badge ('9+'
 * above 9), a dropdown with 'Mark all read', 'Loading...' / 'No notifications yet', and the items
 * (icon by type, title, message, relative time). Clicking an item marks it read and opens what it is
 * about (target.ts: the project, the conversation, My Bids; decision 0198). The unread count is refetched
 * every 10 s, the list every 30 s, and both at once when the socket pushes a 'notification' or a
 * 'new_message'. A 401 means the session has ended: the bell stops asking, logs nothing, and tells the
 * shell (onSignedOut), which checks the session again.
 */
import { type ChatTarget, hasStatus, type RealtimeChannel, type ToastInput } from '@buildbid/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { type AppNotification, listNotifications, markAllRead, markRead, unreadCount } from './api.ts';
import { BellIcon, NotificationIcon } from './icons.tsx';
import { notificationTarget } from './target.ts';
import { badgeText, relativeTime } from './time.ts';

export const UNREAD_REFETCH_MS = 10_000;
export const LIST_REFETCH_MS = 30_000;
const MARK_ALL_READ_TOAST = 'All notifications marked as read';

/** Socket messages that make the bell refetch at once. */
const REFRESHING_TYPES = new Set(['notification', 'new_message']);

interface Props {
  realtime: RealtimeChannel;
  toast(t: ToastInput): void;
  /** A message notification also opens the conversation with its sender (relatedEntityId). */
  openMessages?(target: ChatTarget): void;
  /** Other notifications open their page (the project, My Bids, the profile). */
  navigate?(href: string): void;
  /** The API answered 401: the session has ended (signed out here or elsewhere, or expired). */
  onSignedOut?(): void;
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

export function NotificationBell({ realtime, toast, openMessages, navigate, onSignedOut }: Props) {
  const [count, setCount] = useState(0);
  const [items, setItems] = useState<AppNotification[] | null>(null);
  const live = useRef(true);
  /** Stops the timers and the socket subscription (set by the effect below). */
  const stopPolling = useRef<() => void>(() => {});
  const signedOut = useRef(onSignedOut);
  signedOut.current = onSignedOut;

  /** A 401: the session has ended, so asking again every 10 s would only fail again. */
  const endedSession = useCallback((error: unknown): boolean => {
    if (!hasStatus(error, 401)) return false;
    if (live.current) {
      live.current = false;
      stopPolling.current();
      signedOut.current?.();
    }
    return true;
  }, []);

  /**
   * Loads one of the two while the bell is live and shows it; a 401 ends the session, any other failure is
   * logged (and `failed` runs, if given, while the bell is live).
   */
  const refresh = useCallback(
    async <T,>(load: () => Promise<T>, show: (value: T) => void, failure: string, failed?: () => void) => {
      if (!live.current) return;
      try {
        const next = await load();
        if (live.current) show(next);
      } catch (error) {
        if (endedSession(error)) return;
        console.error(failure, error);
        if (live.current) failed?.();
      }
    },
    [endedSession],
  );

  const refreshCount = useCallback(
    () => refresh(unreadCount, setCount, 'Unread notification count failed to load'),
    [refresh],
  );

  const refreshList = useCallback(
    () =>
      refresh(listNotifications, setItems, 'Notifications failed to load', () =>
        setItems((prev) => prev ?? []),
      ),
    [refresh],
  );

  const refreshAll = useCallback(() => {
    void refreshCount();
    void refreshList();
  }, [refreshCount, refreshList]);

  useEffect(() => {
    live.current = true;
    refreshAll();
    const countTimer = setInterval(() => void refreshCount(), UNREAD_REFETCH_MS);
    const listTimer = setInterval(() => void refreshList(), LIST_REFETCH_MS);
    const unsubscribe = realtime.subscribe((message) => {
      if (REFRESHING_TYPES.has(message.type)) refreshAll();
    });
    const stop = () => {
      clearInterval(countTimer);
      clearInterval(listTimer);
      unsubscribe();
    };
    stopPolling.current = stop;
    return () => {
      live.current = false;
      stop();
    };
  }, [realtime, refreshAll, refreshCount, refreshList]);

  async function open(item: AppNotification, close: () => void) {
    const target = notificationTarget(item);
    if (target?.kind === 'conversation' && openMessages) {
      close();
      openMessages({
        otherUserId: target.otherUserId,
        ...(target.otherUserName ? { otherUserName: target.otherUserName } : {}),
      });
    } else if (target?.kind === 'page' && navigate) {
      close();
      navigate(target.href);
    }
    if (item.isRead) return;
    setItems((list) => list?.map((n) => (n.id === item.id ? { ...n, isRead: true } : n)) ?? null);
    setCount((c) => Math.max(0, c - 1));
    try {
      await markRead(item.id);
    } catch (error) {
      console.error('Marking the notification read failed', error);
    }
    refreshAll();
  }

  async function readAll() {
    try {
      await markAllRead();
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      return;
    }
    toast({ title: MARK_ALL_READ_TOAST });
    setItems((list) => list?.map((n) => ({ ...n, isRead: true })) ?? null);
    setCount(0);
    refreshAll();
  }

  const badge = badgeText(count);
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';

  return (
    <DialogTrigger>
      <Button className="btn btn-ghost btn-icon bell-button" aria-label={label}>
        <BellIcon />
        {badge && (
          <span className="bell-badge" aria-hidden="true" data-testid="bell-badge">
            {badge}
          </span>
        )}
      </Button>
      <Popover className="popover notification-popover" placement="bottom end">
        <Dialog className="notification-dialog" aria-labelledby="notifications-title">
          {({ close }) => (
            <>
              <div className="notification-head">
                <Heading slot="title" id="notifications-title" className="notification-heading">
                  Notifications
                </Heading>
                <Button
                  className="btn btn-ghost btn-small"
                  isDisabled={count === 0}
                  onPress={() => void readAll()}
                >
                  Mark all read
                </Button>
              </div>
              {items === null ? (
                <p className="notification-state muted" role="status">
                  Loading...
                </p>
              ) : items.length === 0 ? (
                <p className="notification-state muted">No notifications yet</p>
              ) : (
                <ul className="notification-list">
                  {items.map((n) => (
                    <li key={n.id}>
                      <Button
                        className={n.isRead ? 'notification-item' : 'notification-item notification-unread'}
                        onPress={() => void open(n, close)}
                        aria-label={`${n.isRead ? '' : 'Unread: '}${n.title}. ${n.message}. ${relativeTime(n.createdAt)}`}
                      >
                        <NotificationIcon type={n.type} />
                        <span className="notification-text">
                          <span className="notification-title">{n.title}</span>
                          <span className="notification-message">{n.message}</span>
                          <span className="notification-time">{relativeTime(n.createdAt)}</span>
                        </span>
                        {!n.isRead && <span className="notification-dot" aria-hidden="true" />}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
