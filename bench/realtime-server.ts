/**
 * One API process for bench/realtime.ts: the real app (compose + buildApp) listening on a free port,
 * answering memory questions over IPC. Started by the bench with --expose-gc; not for production.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { compose, TOKENS } from '../apps/api/src/container.ts';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: '0',
  HOST: '127.0.0.1',
  SEED_DEMO_DATA: 'false',
  LOG_LEVEL: 'error',
  APPS_DIR: '/nonexistent',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  DATA_DIR: process.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'buildbid-bench-')),
});
const composition = await compose(config, { passwordHashCost: 2 ** 10 });
const app = await buildApp(config, composition);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', async (message: { type: string }) => {
  if (message.type === 'memory') {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
    gc?.();
    const m = process.memoryUsage();
    process.send?.({
      type: 'memory',
      rss: m.rss,
      heapUsed: m.heapUsed,
      external: m.external,
      sockets: composition.get(TOKENS.Realtime).count(),
    });
  } else if (message.type === 'stop') {
    await app.close();
    await composition.close();
    process.exit(0);
  }
});
process.send?.({ type: 'ready', port, realtime: composition.realtime, embedded: composition.embedded });
