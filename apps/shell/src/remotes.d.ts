/**
 * Hand-written declarations of the remotes' exposed modules (dts generation is off; see
 * stack notes). Every remote exposes './App' with the RemoteModule shape.
 */
declare module 'account/App' {
  import type { RemoteProps } from '@buildbid/api-client';
  import type { ReactNode } from 'react';
  export default function App(props: RemoteProps): ReactNode;
}
declare module 'projects/App' {
  import type { RemoteProps } from '@buildbid/api-client';
  import type { ReactNode } from 'react';
  export default function App(props: RemoteProps): ReactNode;
}
declare module 'bids/App' {
  import type { RemoteProps } from '@buildbid/api-client';
  import type { ReactNode } from 'react';
  export default function App(props: RemoteProps): ReactNode;
}
declare module 'admin/App' {
  import type { RemoteProps } from '@buildbid/api-client';
  import type { ReactNode } from 'react';
  export default function App(props: RemoteProps): ReactNode;
}
