import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createRemoteServer } from '../../scripts/serve-remote.ts';
import { register } from './support/marketplace.ts';

/**
 * Each remote ships alone (decision 0103). These tests rebuild the bids remote, serve it from another
 * origin, take it down, and start the product with NODE_ENV=development; they run one after another
 * (workers: 1) because they change apps/bids/dist and the API's REMOTES_FILE.
 */
const root = join(import.meta.dirname, '..', '..');
const remotesFile = process.env.E2E_REMOTES_FILE ?? '';
const OTHER_ORIGIN_PORT = 3411;
const DEV_START_PORT = 3412;

function filesOf(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(dir, p), createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(dir);
  return out;
}

function buildBids(extraEnv: Record<string, string> = {}) {
  execFileSync('npm', ['run', 'build', '--silent', '-w', 'apps/bids'], {
    cwd: root,
    stdio: 'pipe',
    env: { ...process.env, ...extraEnv },
  });
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

async function signInAsContractor(page: Page) {
  await register(page.request, 'contractor', 'Dana');
}

test.afterEach(() => {
  rmSync(remotesFile, { force: true });
});

test('a bids release built alone reaches a returning visitor, with a component no other app used', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const shellBefore = filesOf(join(root, 'apps/shell/dist'));
  const projectsBefore = filesOf(join(root, 'apps/projects/dist'));
  const previousRelease = JSON.parse(readFileSync(join(root, 'apps/bids/dist/.release.json'), 'utf8')) as {
    current: string[];
  };
  await signInAsContractor(page);
  await page.goto('/my-bids');
  await expect(page.getByRole('heading', { name: 'My Bids' })).toBeVisible();
  await expect(page.getByText('Release 2 of My Bids')).toBeHidden();

  // The bids team changes a text and starts using ToggleButton, which no app used before; it builds
  // only its remote (even with NODE_ENV=development in its shell: the build is a production one).
  const source = join(root, 'apps/bids/src/MyBids.tsx');
  const original = readFileSync(source, 'utf8');
  try {
    const changed = original
      .replace(
        "import { Button, Link, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';",
        "import { Button, Link, Tab, TabList, TabPanel, Tabs, ToggleButton } from 'react-aria-components';",
      )
      .replace(
        '<h1 className="page-title">My Bids</h1>',
        '<h1 className="page-title">My Bids</h1>\n      <ToggleButton className="btn btn-outline">Release 2 of My Bids</ToggleButton>',
      );
    expect(changed).not.toBe(original);
    expect(changed).toContain('ToggleButton }');
    writeFileSync(source, changed);
    buildBids({ NODE_ENV: 'development' });
  } finally {
    writeFileSync(source, original);
  }

  try {
    // The same visitor reloads: no API restart, no shell rebuild, and the new release shows.
    await page.reload();
    const toggle = page.getByRole('button', { name: 'Release 2 of My Bids' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: 'My Bids' })).toBeVisible();

    // The shell's files are byte-identical.
    expect(filesOf(join(root, 'apps/shell/dist'))).toEqual(shellBefore);
    // So are the projects remote's, which renders the bids team's dialog and Received Bids.
    expect(filesOf(join(root, 'apps/projects/dist'))).toEqual(projectsBefore);
    // The new build is served revalidated, and the previous release's chunks are still there for open tabs.
    const entry = await page.request.get('/remotes/bids/remoteEntry.js');
    expect(entry.headers()['cache-control']).toBe('no-cache');
    const kept = filesOf(join(root, 'apps/bids/dist'));
    expect(previousRelease.current.filter((f) => !kept.has(f))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(root, 'apps/bids/dist/mf-manifest.json'), 'utf8'));
    expect(manifest.metaData.publicPath).toBe('auto');
  } finally {
    // Back to the release that matches the sources.
    buildBids();
  }
});

test('a remote served from another origin works, and when it goes down the shell offers Try again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  let server = createRemoteServer(join(root, 'apps/bids/dist'));
  await listen(server, OTHER_ORIGIN_PORT);
  try {
    const otherOrigin = `http://localhost:${OTHER_ORIGIN_PORT}`;
    writeFileSync(remotesFile, JSON.stringify({ bids: `${otherOrigin}/mf-manifest.json` }));
    const fromOtherOrigin: string[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(otherOrigin)) fromOtherOrigin.push(r.url());
    });
    await signInAsContractor(page);
    await page.goto('/my-bids');
    await expect(page.getByRole('heading', { name: 'My Bids' })).toBeVisible();
    expect(fromOtherOrigin.some((u) => u.endsWith('/remoteEntry.js'))).toBe(true);
    expect(fromOtherOrigin.some((u) => /\/static\/js\/.*\.[0-9a-f]{8,}\.js$/.test(u))).toBe(true);
    const entry = await page.request.get(`${otherOrigin}/remoteEntry.js`, {
      headers: { origin: 'http://127.0.0.1:1', 'accept-encoding': 'gzip' },
    });
    expect(entry.headers()['access-control-allow-origin']).toBe('*');
    expect(entry.headers()['cache-control']).toBe('no-cache');
    expect(entry.headers()['content-encoding']).toBe('gzip');

    // The remote goes down: the section fails with a retry, the other remotes keep working.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await page.goto('/my-bids');
    await expect(page.getByRole('heading', { name: "This section didn't load" })).toBeVisible();
    const retry = page.getByRole('button', { name: 'Try again' });
    await expect(retry).toBeVisible();
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Browse Projects' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Welcome back, Dana/ })).toBeVisible();

    // Back up: Try again loads it without a reload.
    await page.goto('/my-bids');
    await expect(retry).toBeVisible();
    server = createRemoteServer(join(root, 'apps/bids/dist'));
    await listen(server, OTHER_ORIGIN_PORT);
    await retry.click();
    await expect(page.getByRole('heading', { name: 'My Bids' })).toBeVisible();
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('NODE_ENV=development npm start rebuilds a development-mode build and serves working remotes', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // A remote left in another mode (as `rsbuild build` under NODE_ENV=development used to make).
  const stampFile = join(root, 'apps/bids/dist/.build-stamp.json');
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  writeFileSync(stampFile, JSON.stringify({ ...stamp, mode: 'development' }));

  let output = '';
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(DEV_START_PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'buildbid-devstart-')),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      REMOTES_FILE: '',
    },
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  try {
    const base = `http://127.0.0.1:${DEV_START_PORT}`;
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${base}/readyz`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 200_000, intervals: [1000] },
      )
      .toBe(200);
    expect(output).toContain('Building bids (built in development mode)');
    expect(output).not.toContain('Building shell');

    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    await register(page.request, 'contractor', 'Devon');
    await page.goto('/my-bids');
    await expect(page.getByRole('heading', { name: 'My Bids' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Welcome back, Devon/ })).toBeVisible();
    expect(failed.filter((u) => u.includes('localhost:301'))).toEqual([]);
    await context.close();
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  }
});
