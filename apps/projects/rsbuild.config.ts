/** The 'projects' remote: exposes './App' (src/App.tsx); output apps/projects/dist with mf-manifest.json. */
import { createRemoteConfig } from '../../packages/federation/index.ts';

export default createRemoteConfig('projects', 'Projects');
