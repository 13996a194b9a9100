/** The notifications use cases, one per file, for the composition (apps/api) and the tests. */
export * from './count-unread-notifications.ts';
export * from './list-notifications.ts';
export * from './mark-all-notifications-read.ts';
export * from './mark-notification-read.ts';
export * from './notify.ts';
export * from './notify-on-event.ts';
export * from './send-system-notification.ts';
export * from './shared.ts';
