/** The 'account' remote: exposes './App' (src/App.tsx); output apps/account/dist with mf-manifest.json. */
import { createRemoteConfig } from '../shell/federation.ts';

export default createRemoteConfig('account', 'Account');
