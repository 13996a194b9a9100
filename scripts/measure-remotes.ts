/**
 * Each remote's own JavaScript, gzip: what a visitor downloads for the remote beyond the shared
 * singletons the shell already provides (react, react-dom, jotai, react-aria-components): its
 * remoteEntry.js plus every chunk its exposed modules need, minus the shared libraries' chunks.
 * Also the shell's initial JS. Read from the built dist/ folders (run `npm run build` first):
 *
 *   node scripts/measure-remotes.ts
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { distOf } from './frontend-release.ts';

interface Assets {
  js: { sync: string[]; async: string[] };
}
interface Manifest {
  shared: { name: string; assets: Assets }[];
  exposes: { name: string; assets: Assets }[];
}

const gzipOf = (file: string) =>
  existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

for (const name of ['account', 'projects', 'bids', 'admin'] as const) {
  const dist = distOf(name);
  const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')) as Manifest;
  const shared = new Set(manifest.shared.flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async]));
  const perExpose = manifest.exposes.map((e) => {
    const files = [...e.assets.js.sync, ...e.assets.js.async].filter((f) => !shared.has(f));
    return { name: e.name, files, gzip: files.reduce((sum, f) => sum + gzipOf(join(dist, f)), 0) };
  });
  const own = new Set(perExpose.flatMap((e) => e.files));
  const entry = gzipOf(join(dist, 'remoteEntry.js'));
  const total = entry + [...own].reduce((sum, f) => sum + gzipOf(join(dist, f)), 0);
  console.log(
    `${name}: ${kb(total)} gzip (remoteEntry.js ${kb(entry)}; ${perExpose.map((e) => `${e.name} ${kb(e.gzip)}`).join(', ')})`,
  );
}
const shellHtml = readFileSync(join(distOf('shell'), 'index.html'), 'utf8');
const initial = [...shellHtml.matchAll(/src="\/([^"]+\.js)"/g)].map((m) => m[1] ?? '');
const shellInitial = initial.reduce((sum, f) => sum + gzipOf(join(distOf('shell'), f)), 0);
console.log(
  `shell initial <script> JS: ${kb(shellInitial)} gzip (${initial.join(', ')}), plus shared chunks loaded at start`,
);
