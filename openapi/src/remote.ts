import type { ReactNode } from 'react';
import type { ApiUser } from './types.ts';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
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
}

/** The shape of every remote's './App' module. */
export interface RemoteModule {
  default: (props: RemoteProps) => ReactNode;
}
