import type { RemoteProps } from '@buildbid/api-client';
import { MyBidsPage } from './MyBids.tsx';
import '@buildbid/ui/shared.css';
import './bids.css';

/** The bids remote: My Bids (/my-bids). */
export default function App(props: RemoteProps) {
  const { user } = props;
  if (!user) return null;
  return <MyBidsPage {...props} user={user} />;
}
