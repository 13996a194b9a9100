import type { RemoteProps } from '@buildbid/api-client';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';

/**
 * Client-side navigation for the react-aria-components links of one build. Every frontend bundles its
 * own copy of react-aria-components (decision 0184), so the shell's RouterProvider does not reach a
 * remote's components: each exposed module wraps what it renders in this, bound to the shell's navigate.
 */
export function RemoteRouter({
  navigate,
  children,
}: {
  navigate: RemoteProps['navigate'];
  children: ReactNode;
}) {
  return <RouterProvider navigate={(href) => navigate(href)}>{children}</RouterProvider>;
}
