import type { RealtimeMessage } from '@buildbid/api-client';
import { useEffect } from 'react';
import { sessionEnded } from '../auth.ts';
import { toast } from '../toast.tsx';
import { realtime } from './socket.ts';

const NEW_MESSAGE_TOAST = { title: 'New Message', description: 'You have a new message' } as const;

/** What the shell itself does with a pushed message: a new message gets the spec's toast. */
export function handleShellMessage(message: RealtimeMessage, showToast = toast): void {
  if (message.type === 'new_message') showToast({ ...NEW_MESSAGE_TOAST });
}

/**
 * Opens the socket while a user is signed in and closes it on sign-out (userId becomes null) or
 * when the shell unmounts. When the server ends the session (a password change elsewhere, a deletion, a
 * suspension: the socket closes with 4401), sessionEnded checks it and shows the user signed out at once, on
 * '/' (decision 0223).
 */
export function useRealtime(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    realtime.open(userId);
    const stop = realtime.subscribe((message) => handleShellMessage(message));
    const stopEnded = realtime.onSessionEnded(() => void sessionEnded());
    return () => {
      stop();
      stopEnded();
      realtime.close();
    };
  }, [userId]);
}
