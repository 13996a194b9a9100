import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '..', '..', '..', '.ci', 'start-check');

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('.ci/start-check', () => {
  it('refuses at once when the port is already taken, without starting a server', () => {
    const run = spawnSync('bash', [script, String(port)], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`port ${port} is already taken`);
    expect(run.stdout).not.toContain('npm start');
  });
});
