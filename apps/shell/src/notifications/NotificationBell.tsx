/**
 * The header's notification bell (accounts-and-shell sections 2, 7 and 9): the unread badge ('9+'
 * above 9), a dropdown with 'Mark all read', 'Loading...' / 'No notifications yet', and the items
 * (icon by type, title, message, relative time). Clicking an item marks it read. The unread count is
 * refetched every 10 s, the list every 30 s, and both at once when the socket pushes a
 * 'notification' or a 'new_message'.
 */
import type { ChatTarget, RealtimeChannel, ToastInput } from '@buildbid/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { type AppNotification, listNotifications, markAllRead, markRead, unreadCount } from './api.ts';
import { BellIcon, NotificationIcon } from './icons.tsx';
import { badgeText, relativeTime } from './time.ts';

export const UNREAD_REFETCH_MS = 10_000;
export const LIST_REFETCH_MS = 30_000;
export const MARK_ALL_READ_TOAST = 'All notifications marked as read';

/** Socket messages that make the bell refetch at once. */
const REFRESHING_TYPES = new Set(['notification', 'new_message']);

interface Props {
  realtime: RealtimeChannel;
  toast(t: ToastInput): void;
  /** A message notification also opens the conversation with its sender (relatedEntityId). */
  openMessages?(target: ChatTarget): void;
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

export function NotificationBell({ realtime, toast, openMessages }: Props) {
  const [count, setCount] = useState(0);
  const [items, setItems] = useState<AppNotification[] | null>(null);
  const live = useRef(true);

  const refreshCount = useCallback(async () => {
    try {
      const next = await unreadCount();
      if (live.current) setCount(next);
    } catch (error) {
      console.error('Unread notification count failed to load', error);
    }
  }, []);

  const refreshList = useCallback(async () => {
    try {
      const next = await listNotifications();
      if (live.current) setItems(next);
    } catch (error) {
      console.error('Notifications failed to load', error);
      if (live.current) setItems((prev) => prev ?? []);
    }
  }, []);

  const refreshAll = useCallback(() => {
    void refreshCount();
    void refreshList();
  }, [refreshCount, refreshList]);

  useEffect(() => {
    live.current = true;
    refreshAll();
    const countTimer = setInterval(() => void refreshCount(), UNREAD_REFETCH_MS);
    const listTimer = setInterval(() => void refreshList(), LIST_REFETCH_MS);
    const stop = realtime.subscribe((message) => {
      if (REFRESHING_TYPES.has(message.type)) refreshAll();
    });
    return () => {
      live.current = false;
      clearInterval(countTimer);
      clearInterval(listTimer);
      stop();
    };
  }, [realtime, refreshAll, refreshCount, refreshList]);

  async function open(item: AppNotification, close: () => void) {
    if (item.type === 'message_received' && item.relatedEntityId && openMessages) {
      close();
      // The notification's title is 'New message from {name}': the dialog's title names that person.
      const name = /^New message from (.+)$/.exec(item.title)?.[1];
      openMessages({ otherUserId: item.relatedEntityId, ...(name ? { otherUserName: name } : {}) });
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
