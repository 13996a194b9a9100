/**
 * The second half of every frontend's `npm run build` (run in the app's folder, after `rsbuild
 * build` wrote dist/.staging): pre-compresses the new build and makes it the current release in
 * dist/, keeping the previous release's chunks. See scripts/frontend-release.ts.
 */
import { basename } from 'node:path';
import { APPS, type AppName, release } from './frontend-release.ts';

const app = (process.argv[2] ?? basename(process.cwd())) as AppName;
if (!APPS.includes(app)) {
  console.error(`release-dist: '${app}' is not one of ${APPS.join(', ')}`);
  process.exit(1);
}
const { files, kept, removed } = release(app);
console.log(
  `release-dist: ${app} released (${files} files; ${kept} of the previous release kept, ${removed} older removed)`,
);
