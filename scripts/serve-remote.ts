/**
 * Serves one frontend's built folder from anywhere: another host, port or origin. This is how a
 * remote team runs its release on its own (docker-compose.yml runs one per remote; the Playwright
 * proofs use it as "another origin"):
 *
 *   node scripts/serve-remote.ts apps/bids/dist --port 3013
 *
 * - CORS: any origin may load it (the shell runs elsewhere); set ALLOW_ORIGIN to restrict.
 * - Cache: remoteEntry.js, mf-manifest.json, index.html and every other unhashed file are `no-cache`
 *   with an ETag (a reload revalidates and gets a new release at once); hashed chunks are
 *   `immutable` for a year.
 * - Sends the pre-compressed .br / .gz beside a file when the browser accepts it.
 * - GET /healthz answers 200 when remoteEntry.js is there (for container health checks).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function cacheControlFor(path: string): string {
  return /\.[0-9a-f]{8,}\.[a-z0-9]+$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export function createRemoteServer(root: string, allowOrigin = '*') {
  const base = resolve(root);
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('access-control-allow-origin', allowOrigin);
    res.setHeader('vary', 'origin, accept-encoding');
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'GET, HEAD, OPTIONS');
      res.setHeader('access-control-allow-headers', '*');
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    if (url.pathname === '/healthz') {
      const ok = existsSync(join(base, 'remoteEntry.js')) || existsSync(join(base, 'index.html'));
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ status: ok ? 'ok' : 'missing build' }));
      return;
    }
    const relative = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    const file = normalize(join(base, relative));
    if (!file.startsWith(base + sep) || relative.split('/').some((part) => part.startsWith('.'))) {
      res.writeHead(404).end();
      return;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    let sent = file;
    let encoding: string | undefined;
    if (/\bbr\b/.test(accepts) && existsSync(`${file}.br`)) [sent, encoding] = [`${file}.br`, 'br'];
    else if (/\bgzip\b/.test(accepts) && existsSync(`${file}.gz`)) [sent, encoding] = [`${file}.gz`, 'gzip'];
    const body = readFileSync(sent);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
    res.setHeader('cache-control', cacheControlFor(file));
    res.setHeader('etag', etag);
    if (encoding) res.setHeader('content-encoding', encoding);
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return;
    }
    res.setHeader('content-length', body.length);
    res.writeHead(200).end(req.method === 'HEAD' ? undefined : body);
  });
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const root = args.find((a) => !a.startsWith('--')) ?? 'dist';
  const portArg = args.indexOf('--port');
  const port = Number(portArg >= 0 ? args[portArg + 1] : (process.env.PORT ?? 8080));
  const host = process.env.HOST ?? '0.0.0.0';
  createRemoteServer(root, process.env.ALLOW_ORIGIN ?? '*').listen(port, host, () => {
    console.log(`serve-remote: ${resolve(root)} on http://${host}:${port}`);
  });
}
