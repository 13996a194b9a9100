import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';

/**
 * Releases that reach everyone (decision 0104): the files that name the current release are revalidated
 * on every load, hashed chunks are cached for good, and remotes.json follows REMOTES_FILE live.
 */
let t: TestApp;
let appsDir: string;
let remotesFile: string;

beforeAll(async () => {
  appsDir = mkdtempSync(join(tmpdir(), 'buildbid-apps-'));
  const bids = join(appsDir, 'bids', 'dist');
  mkdirSync(join(bids, 'static', 'js'), { recursive: true });
  writeFileSync(join(bids, 'remoteEntry.js'), 'var bids = "release 1";');
  writeFileSync(join(bids, 'mf-manifest.json'), '{"name":"bids"}');
  writeFileSync(join(bids, 'static', 'js', 'index.5f020ddd58.js'), 'console.log(1);');
  const shell = join(appsDir, 'shell', 'dist');
  mkdirSync(shell, { recursive: true });
  writeFileSync(join(shell, 'index.html'), '<!doctype html><title>BuildBid</title>');
  // The shell's build copies its favicon to the dist's root (rsbuild.config.ts html.favicon).
  copyFileSync(
    join(import.meta.dirname, '../../../apps/shell/public/favicon.ico'),
    join(shell, 'favicon.ico'),
  );
  remotesFile = join(appsDir, 'remotes.json');
  t = await buildTestApp({ APPS_DIR: appsDir, REMOTES_FILE: remotesFile });
});
afterAll(async () => {
  await t.close();
  rmSync(appsDir, { recursive: true, force: true });
});

describe('frontend delivery', () => {
  it('serves remoteEntry.js, mf-manifest.json and index.html no-cache with an ETag that revalidates', async () => {
    for (const url of ['/remotes/bids/remoteEntry.js', '/remotes/bids/mf-manifest.json', '/', '/my-bids']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const etag = res.headers.etag as string;
      expect(etag, url).toBeTruthy();
      const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('answers /favicon.ico with the icon, not with index.html (decision 0198)', async () => {
    const res = await t.app.inject('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An ICO file's header: reserved 0, type 1 (icon), then at least one image.
    expect([...res.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(res.rawPayload.readUInt16LE(4)).toBeGreaterThan(0);
    expect(res.body).not.toContain('<!doctype html>');
  });

  it('serves hashed chunks immutable for a year, with CORS for shells on other origins', async () => {
    const res = await t.app.inject('/remotes/bids/static/js/index.5f020ddd58.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('re-reads REMOTES_FILE on every /remotes.json, without a restart, and revalidates by ETag', async () => {
    const before = await t.app.inject('/remotes.json');
    expect(before.json().bids).toBe('/remotes/bids/mf-manifest.json');
    const etag = before.headers.etag as string;
    expect(
      (await t.app.inject({ url: '/remotes.json', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);

    writeFileSync(remotesFile, JSON.stringify({ bids: 'https://bids.example.com/v2/mf-manifest.json' }));
    const after = await t.app.inject({ url: '/remotes.json', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      bids: 'https://bids.example.com/v2/mf-manifest.json',
      projects: '/remotes/projects/mf-manifest.json',
    });
    expect(after.headers.etag).not.toBe(etag);

    // A broken file or a bad entry never breaks the shell: the variables hold.
    writeFileSync(remotesFile, '{ not json');
    expect((await t.app.inject('/remotes.json')).json().bids).toBe('/remotes/bids/mf-manifest.json');
    writeFileSync(remotesFile, JSON.stringify({ bids: 'javascript:alert(1)', nobody: '/x.json' }));
    const filtered = (await t.app.inject('/remotes.json')).json();
    expect(filtered.bids).toBe('/remotes/bids/mf-manifest.json');
    expect(filtered.nobody).toBeUndefined();
    rmSync(remotesFile);
  });
});
