import type { RemoteProps } from '@buildbid/api-client';
import { RemoteRouter } from '@buildbid/ui';
import { MyBidsPage } from './MyBids.tsx';
import '@buildbid/ui/shared.css';
import './bids.css';

/** The bids remote: My Bids (/my-bids). */
export default function App(props: RemoteProps) {
  const { user } = props;
  if (!user) return null;
  return (
    <RemoteRouter navigate={props.navigate}>
      <MyBidsPage {...props} user={user} />
    </RemoteRouter>
  );
}
