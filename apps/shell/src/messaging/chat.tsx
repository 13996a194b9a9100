import type { ApiUser, ChatTarget } from '@buildbid/api-client';
import { atom, useAtom } from 'jotai';
import { realtime } from '../realtime/socket.ts';
import { shellStore } from '../store.ts';
import { toast } from '../toast.tsx';
import { MessageDialog } from './MessageDialog.tsx';

/** The conversation the shell's message dialog shows, or null when it is closed. */
export const chatTargetAtom = atom<ChatTarget | null>(null);

/** RemoteProps.openMessages: any remote (a project card, a bid) opens the one dialog. */
export function openMessages(target: ChatTarget): void {
  shellStore.set(chatTargetAtom, target);
}

/** Renders the message dialog for the signed-in user while a conversation is open. */
export function ChatHost({ user }: { user: ApiUser }) {
  const [target, setTarget] = useAtom(chatTargetAtom);
  if (!target) return null;
  return (
    <MessageDialog
      target={target}
      currentUserId={user.id}
      isOpen
      onOpenChange={(open) => {
        if (!open) setTarget(null);
      }}
      realtime={realtime}
      toast={toast}
    />
  );
}
