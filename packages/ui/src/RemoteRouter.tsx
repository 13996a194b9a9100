import type { RemoteProps } from '@buildbid/api-client';
import { type ReactNode, useCallback, useRef } from 'react';
import { RouterProvider } from 'react-aria-components';

/**
 * Client-side navigation for the react-aria-components links of one build. A remote may run on its own
 * copy of react-aria-components (decision 0184), which the shell's RouterProvider does not reach: each
 * exposed module wraps what it renders in this, bound to the shell's navigate. The function handed to
 * RouterProvider stays the same across renders, so its context does not change on every render.
 */
export function RemoteRouter({
  navigate,
  children,
}: {
  navigate: RemoteProps['navigate'];
  children: ReactNode;
}) {
  const latest = useRef(navigate);
  latest.current = navigate;
  const go = useCallback((href: string) => latest.current(href), []);
  return <RouterProvider navigate={go}>{children}</RouterProvider>;
}
