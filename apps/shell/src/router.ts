import { atom } from 'jotai';
import { shellStore } from './store.ts';

export interface AppLocation {
  path: string;
  search: string;
  hash: string;
}

function readLocation(): AppLocation {
  if (typeof window === 'undefined') return { path: '/', search: '', hash: '' };
  const { pathname, search, hash } = window.location;
  return { path: pathname, search, hash };
}

/** The current location; the only source of truth for what the shell renders. */
export const locationAtom = atom<AppLocation>(readLocation());

/** Paths the server answers itself: navigating there must load the page, not route in the client. */
const SERVER_PATHS = ['/api', '/uploads', '/docs', '/openapi.json', '/ws', '/remotes', '/remotes.json'];

function isServerPath(pathname: string): boolean {
  return SERVER_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export interface NavigateOptions {
  replace?: boolean;
}

/**
 * Client-side navigation. Other origins and server paths such as /api/login become full page loads.
 */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || isServerPath(url.pathname)) {
    if (options.replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  const next = `${url.pathname}${url.search}${url.hash}`;
  const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (options.replace) window.history.replaceState(null, '', next);
  else if (next !== current) window.history.pushState(null, '', next);
  shellStore.set(locationAtom, readLocation());
  if (!url.hash && !options.replace && next !== current) window.scrollTo({ top: 0 });
}

/** Back/forward buttons. */
export function syncLocationFromBrowser(): void {
  shellStore.set(locationAtom, readLocation());
}

/**
 * Document-level click handler: a plain same-origin <a href> (in the shell or in any remote)
 * navigates in the client. Modified clicks, targets, downloads and server paths are left to the browser.
 */
export function interceptLinkClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = event.target;
  if (!(target instanceof Element)) return;
  const anchor = target.closest('a');
  if (!anchor?.hasAttribute('href') || anchor.hasAttribute('download')) return;
  if (anchor.target && anchor.target !== '_self') return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || isServerPath(url.pathname)) return;
  // A jump within the same page stays native.
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
  event.preventDefault();
  navigate(`${url.pathname}${url.search}${url.hash}`);
}
