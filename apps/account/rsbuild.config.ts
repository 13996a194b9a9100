/** The 'account' remote: exposes './App' (src/App.tsx); output apps/account/dist with mf-manifest.json. */
import { createRemoteConfig } from '../../packages/federation/index.ts';

export default createRemoteConfig('account', 'Account');
