/**
 * Messaging a project's owner: the shell's message dialog (RemoteProps.openMessages), opened with
 * the owner and the project. A shell too old to offer the dialog keeps the earlier notice.
 */
import type { ChatTarget, RemoteProps } from '@buildbid/api-client';
import { personName } from './format.ts';

interface OwnedProject {
  id: string;
  title: string;
  clientId: string;
  createdBy?: { firstName: string | null; lastName: string | null } | null;
}

export function ownerChat(project: OwnedProject): ChatTarget {
  return {
    otherUserId: project.clientId,
    otherUserName: personName(project.createdBy, 'Project Owner'),
    projectId: project.id,
    projectTitle: project.title,
  };
}

export function messageOwner(
  project: OwnedProject,
  shell: Pick<RemoteProps, 'openMessages' | 'toast'>,
): void {
  if (shell.openMessages) shell.openMessages(ownerChat(project));
  else shell.toast({ title: 'Coming Soon', description: 'Messaging the project owner is coming soon.' });
}
