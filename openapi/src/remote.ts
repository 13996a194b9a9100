import type { ReactNode } from 'react';
import type { ApiUser } from './types.ts';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/**
 * A message pushed by the server over the real-time socket (docs/realtime.md): `connected`,
 * `new_message` (data carries `senderId`) and `notification` (data is the notification).
 */
export interface RealtimeMessage {
  type: string;
  data?: unknown;
}

/** The shell's one socket, offered to remotes: listeners get every parsed message. */
export interface RealtimeChannel {
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: (message: RealtimeMessage) => void): () => void;
}

/** Whom the message dialog talks to: one other user, with or without a project. */
export interface ChatTarget {
  otherUserId: string;
  /** Shown in the dialog's title, e.g. the project owner's name. */
  otherUserName?: string;
  projectId?: string | null;
  projectTitle?: string;
}

/**
 * What the shell hands to every micro-frontend: each remote default-exports
 * `App(props: RemoteProps)` from its './App' module and routes on `props.path` itself.
 */
export interface RemoteProps {
  /** The current pathname, e.g. '/projects/42/edit'. */
  path: string;
  /** The current query string including '?', or ''. */
  search: string;
  /** The signed-in user, or null for a visitor (only /pricing is a remote route for visitors). */
  user: ApiUser | null;
  /** The header's country filter: a two-letter code, or '' for all countries. */
  country: string;
  /** Client-side navigation; paths under /api/ (and other server paths) become full page loads. */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Refetches GET /api/auth/user and updates `user` everywhere. */
  refreshUser(): Promise<void>;
  /** Shows a toast in the shell's single toast region. */
  toast(t: ToastInput): void;
  /**
   * The shell's real-time socket. Optional because a remote may be redeployed against an older
   * shell (decision 0003) and tests may leave it out.
   */
  realtime?: RealtimeChannel;
  /** Opens the shell's message dialog with another user. Optional for the same reason. */
  openMessages?(target: ChatTarget): void;
  /**
   * Loads a module another remote exposes, e.g. 'bids/BidDialog', through the shell's federation
   * runtime and /remotes.json, so a remote uses another team's UI without its source and without a
   * rebuild when that team releases. Optional for the same reason.
   */
  loadModule?<T = unknown>(id: string): Promise<T>;
}

/** The shape of every remote's './App' module. */
export interface RemoteModule {
  default: (props: RemoteProps) => ReactNode;
}
