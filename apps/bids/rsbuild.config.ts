/**
 * The 'bids' remote, owned by the bids team: exposes './App' (My Bids), './BidDialog' and
 * './ReceivedBids' (used by the projects remote's pages); output apps/bids/dist with mf-manifest.json.
 */
import { createRemoteConfig } from '../../packages/federation/index.ts';

export default createRemoteConfig('bids', 'Bids', {
  './BidDialog': './src/BidDialog.tsx',
  './ReceivedBids': './src/ReceivedBids.tsx',
});
