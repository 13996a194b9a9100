/** The 'admin' remote: exposes './App' (src/App.tsx); output apps/admin/dist with mf-manifest.json. */
import { createRemoteConfig } from '../shell/federation.ts';

export default createRemoteConfig('admin', 'Admin');
