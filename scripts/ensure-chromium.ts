import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Browser tests use Debian's Chromium, never a downloaded browser. Installs it with apt when missing
 * (as root), or says what to do.
 */
export const CHROMIUM_CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

const found = CHROMIUM_CANDIDATES.find((p) => p && existsSync(p));
if (found) {
  console.log(`Chromium: ${found}`);
} else {
  const isRoot = process.getuid?.() === 0;
  const apt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !apt) {
    console.error(
      "Chromium is needed for the browser tests. Install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH.",
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium package for the browser tests...");
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
