/** The 'bids' remote: exposes './App' (src/App.tsx); output apps/bids/dist with mf-manifest.json. */
import { createRemoteConfig } from '../shell/federation.ts';

export default createRemoteConfig('bids', 'Bids');
