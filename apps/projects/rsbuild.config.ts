/** The 'projects' remote: exposes './App' (src/App.tsx); output apps/projects/dist with mf-manifest.json. */
import { createRemoteConfig } from '../shell/federation.ts';

export default createRemoteConfig('projects', 'Projects');
