import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Builds the shell and every micro-frontend (each with its own Rsbuild config and dist/).
 * `--if-missing` (used by `npm start`) skips an app whose build is newer than its sources.
 */
const root = join(import.meta.dirname, '..');
const APPS = ['shell', 'account', 'projects', 'bids', 'admin'];
const SHARED_SOURCES = ['openapi/src', 'domain/catalog', 'rsbuild.config.ts'];
const ifMissing = process.argv.includes('--if-missing');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'dist' || entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const sharedMtime = Math.max(...SHARED_SOURCES.map((p) => newestMtime(join(root, p))));
for (const app of APPS) {
  const dir = join(root, 'apps', app);
  const marker = join(dir, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json');
  if (ifMissing && existsSync(marker)) {
    const built = statSync(marker).mtimeMs;
    if (built >= Math.max(newestMtime(dir), sharedMtime)) continue;
  }
  console.log(`Building ${app}...`);
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', `apps/${app}`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`The ${app} build failed.`);
    process.exit(result.status ?? 1);
  }
  precompress(join(dir, 'dist'));
}

/**
 * Writes .br and .gz beside every text asset, so the server (@fastify/static `preCompressed`) sends
 * compressed files without compressing on each request.
 */
function precompress(path: string): void {
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const file = join(path, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|css|html|json|svg)$/.test(entry.name)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}
