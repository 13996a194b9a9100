/** The 'admin' remote: exposes './App' (src/App.tsx); output apps/admin/dist with mf-manifest.json. */
import { createRemoteConfig } from '../../packages/federation/index.ts';

export default createRemoteConfig('admin', 'Admin');
