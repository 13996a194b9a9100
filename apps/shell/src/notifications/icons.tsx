import { StrokeIcon } from '@buildbid/ui';
import type { ReactNode } from 'react';

/** One small inline icon per notification type (no emoji font needed); decorative. */
const SIZE = 18;

/**
 * The types with their own icon (accounts-and-shell section 2): every key but 'default', which any other
 * type gets.
 */
const PATHS = {
  message_received: <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />,
  bid_received: (
    <>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M12 11v6M10 15.5c.4.6 1.1 1 2 1 1.1 0 2-.6 2-1.5s-.9-1.3-2-1.5-2-.6-2-1.5.9-1.5 2-1.5c.9 0 1.6.4 2 1" />
    </>
  ),
  bid_accepted: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.5 2.5L16 9.5" />
    </>
  ),
  bid_rejected: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </>
  ),
  review_received: <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />,
  project_completed: (
    <>
      <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
    </>
  ),
  default: (
    <>
      <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </>
  ),
} satisfies Record<string, ReactNode>;

type IconKind = keyof typeof PATHS;

export function iconKind(type: string): IconKind {
  return Object.hasOwn(PATHS, type) ? (type as IconKind) : 'default';
}

export function NotificationIcon({ type }: { type: string }) {
  const kind = iconKind(type);
  return (
    <span className={`notification-icon notification-icon-${kind}`} data-icon={kind}>
      <StrokeIcon size={SIZE}>{PATHS[kind]}</StrokeIcon>
    </span>
  );
}

export function BellIcon() {
  return <StrokeIcon size={SIZE}>{PATHS.default}</StrokeIcon>;
}
