import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { compose } from './container.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed.ts';

/** `npm start`: one process serving the API, the socket, the docs and every frontend on one port. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const started = performance.now();
  const composition = await compose(config);
  const seeded = config.seedDemoData ? await composition.inContext(() => seedDemoData(composition)) : false;
  const app = await buildApp(config, composition);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    try {
      await app.close();
      await composition.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const lines = [
    '',
    `  BuildBid is running at ${url}  (started in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    `  API docs: ${url}/docs   OpenAPI: ${url}/openapi.json   Health: ${url}/healthz`,
    `  Database: ${composition.embedded ? `embedded PostgreSQL (PGlite) in ${config.dataDir}/pgdata` : 'DATABASE_URL'}`,
    `  Payments: ${config.stripe ? 'Stripe' : 'SANDBOX (test mode, no Stripe keys): card 4242 4242 4242 4242 subscribes'}`,
  ];
  if (config.seedDemoData) {
    lines.push(`  Demo accounts${seeded ? ' (just created)' : ''}, password '${DEMO_PASSWORD}':`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(10)} ${a.email}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('BuildBid failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
