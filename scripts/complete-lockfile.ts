import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The registry mirror on the project's machines serves only the linux-x64 builds of packages that ship
 * per-platform binaries (biome, rspack, ...), so `npm install` here writes a lock file without the other
 * platforms' optional packages, and `npm ci` then refuses it as out of sync. This adds the missing
 * optional entries with the os/cpu/libc their names declare: npm skips them on other platforms without
 * fetching, and fetches them by name and version where they apply (a Mac, Windows).
 * Run after changing dependencies: `npm install && node scripts/complete-lockfile.ts`.
 */
const file = join(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8')) as {
  packages: Record<string, { version?: string; optionalDependencies?: Record<string, string> }>;
};

const OS = [
  'android',
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPU: Record<string, string> = {
  arm64: 'arm64',
  aarch64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  armv7: 'arm',
  ppc64: 'ppc64',
  ppc64le: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  loong64: 'loong64',
  mips64el: 'mips64el',
  wasm32: 'wasm32',
  universal: 'universal',
};

function platformOf(name: string): { os?: string[]; cpu?: string[]; libc?: string[] } {
  const parts = name.split('/').pop()?.split('-') ?? [];
  const os = parts.find((p) => OS.includes(p) || p === 'win' || p === 'windows' || p === 'macos');
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  const libc = parts.includes('musl')
    ? ['musl']
    : parts.includes('gnu') || parts.includes('glibc')
      ? ['glibc']
      : undefined;
  const normalOs = os === 'win' || os === 'windows' ? 'win32' : os === 'macos' ? 'darwin' : os;
  return {
    ...(normalOs ? { os: [normalOs] } : {}),
    ...(cpu && cpu !== 'universal' ? { cpu: [cpu] } : {}),
    ...(libc ? { libc } : {}),
  };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`;
    const candidates = [`${base}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => lock.packages[c])) continue;
    const platform = platformOf(dep);
    if (!platform.os && !platform.cpu) continue; // not a platform package: leave it to npm
    lock.packages[`node_modules/${dep}`] = {
      version: range.replace(/^[\^~=]/, ''),
      optional: true,
      ...platform,
    } as (typeof lock.packages)[string];
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
