import { spawnSync } from 'node:child_process';
import { APPS, ROOT, staleReason } from './frontend-release.ts';

/**
 * Builds the shell and every micro-frontend (each with its own Rsbuild config and dist/), always in
 * production mode whatever NODE_ENV says (decision 0104). Each app's own `npm run build` also
 * pre-compresses and releases (scripts/release-dist.ts), so building one app alone gives the same
 * result. `--if-missing` (used by `npm start`) skips an app whose dist/ is a production build of
 * today's sources (dist/.build-stamp.json), and rebuilds one made in another mode or from other sources.
 */
const ifMissing = process.argv.includes('--if-missing');

for (const app of APPS) {
  if (ifMissing) {
    const reason = staleReason(app);
    if (reason === null) continue;
    console.log(`Building ${app} (${reason})...`);
  } else {
    console.log(`Building ${app}...`);
  }
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', `apps/${app}`], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error(`The ${app} build failed.`);
    process.exit(result.status ?? 1);
  }
}
