/**
 * Measures the API's peak memory (RSS) while a client posts a project with one 80 MB file over real
 * HTTP. The body is generated and sent in 64 KB chunks, so what grows is the server's side only.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> node scripts/measure-upload-memory.ts
 *
 * (Without DATABASE_URL the embedded PGlite starts under a temporary DATA_DIR.) Prints the resident set
 * before the upload and the kernel's high-water mark (maxRSS) after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { compose } from '../apps/api/src/container.ts';

const FILE_BYTES = Number(process.env.UPLOAD_MB ?? 80) * 1024 * 1024;
const CHUNK = 64 * 1024;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const dataDir = mkdtempSync(join(tmpdir(), 'buildbid-upload-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'ab'.repeat(32),
  LOG_LEVEL: 'warn',
  APPS_DIR: '/nonexistent',
  SEED_DEMO_DATA: 'false',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const composition = await compose(config, { passwordHashCost: 2 ** 10 });
const app = await buildApp(config, composition);
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };

try {
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: `bench.${Date.now()}@example.com`, password: 'secret12', role: 'client' },
  });
  const cookie = String(registered.headers['set-cookie']).split(';')[0] as string;

  const boundary = `----bench${Date.now()}`;
  const projectData = JSON.stringify({
    title: 'Upload benchmark project',
    description: 'One 80 MB PDF streamed through the API to measure memory.',
    projectStage: 'permit_approved',
    contractorNeeds: ['labor_materials'],
    phases: ['envelope_roofing'],
    country: 'BS',
  });
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="projectData"\r\n\r\n${projectData}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(CHUNK, 0x20);

  global.gc?.();
  const before = process.memoryUsage().rss;
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  const started = performance.now();

  const status = await new Promise<{ code: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/projects',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + FILE_BYTES + tail.length),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    let sent = 0;
    const write = () => {
      if (sent === 0) {
        req.write(head);
        const first = Buffer.from(chunk);
        first.write('%PDF-1.7\n');
        req.write(first);
        sent = CHUNK;
      }
      while (sent < FILE_BYTES) {
        const size = Math.min(CHUNK, FILE_BYTES - sent);
        sent += size;
        if (!req.write(size === CHUNK ? chunk : chunk.subarray(0, size))) {
          req.once('drain', write);
          return;
        }
      }
      req.end(tail);
    };
    write();
  });

  const seconds = (performance.now() - started) / 1000;
  const maxAfter = process.resourceUsage().maxRSS * 1024;
  console.log(`upload answered ${status.code} in ${seconds.toFixed(1)} s`);
  if (status.code !== 201) console.log(status.body);
  console.log(`RSS before the upload:       ${mb(before)}`);
  console.log(`peak RSS before the upload:  ${mb(maxBefore)}`);
  console.log(
    `peak RSS after the upload:   ${mb(maxAfter)} (growth ${mb(maxAfter - Math.max(before, maxBefore))})`,
  );
} finally {
  await app.close();
  await composition.close();
  rmSync(dataDir, { recursive: true, force: true });
}
