/**
 * `npm run pact:publish` / `pact:can-i-deploy` / `pact:record-deployment` (scripts/pact-broker.ts) against a
 * fake Pact Broker that records what it is sent, and the broker's services in docker-compose.yml.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '..', '..', '..');

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

let server: Server;
let brokerUrl: string;
const received: Received[] = [];
let deployable = true;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const text = await readBody(request);
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      body: text ? JSON.parse(text) : undefined,
    });
    response.setHeader('content-type', 'application/hal+json');
    if (request.url?.startsWith('/can-i-deploy')) {
      response.end(
        JSON.stringify({ summary: { deployable, reason: deployable ? 'All verified' : 'bids 1 failed' } }),
      );
    } else if (request.url?.startsWith('/environments')) {
      response.end(
        JSON.stringify({ _embedded: { environments: [{ uuid: 'env-123', name: 'production' }] } }),
      );
    } else {
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  brokerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});
beforeEach(() => {
  received.length = 0;
  deployable = true;
});

function runScript(args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'pact-broker.ts'), ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        PACT_BROKER_BASE_URL: undefined,
        ...env,
        PACT_VERSION: 'abc123',
        PACT_BRANCH: 'main',
      },
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('npm run pact:publish', () => {
  it('publishes every committed pact to the broker, with the version, branch and basic auth', async () => {
    const { code, output } = await runScript(['publish'], {
      PACT_BROKER_BASE_URL: brokerUrl,
      PACT_BROKER_USERNAME: 'pact',
      PACT_BROKER_PASSWORD: 'secret',
    });
    expect(code, output).toBe(0);
    const publications = received.filter((r) => r.method === 'POST' && r.url === '/contracts/publish');
    expect(publications.map((r) => (r.body as { pacticipantName: string }).pacticipantName)).toEqual([
      'buildbid-shell',
      'buildbid-account',
      'buildbid-projects',
      'buildbid-bids',
      'buildbid-admin',
    ]);
    const bids = publications[3]?.body as {
      pacticipantVersionNumber: string;
      branch: string;
      contracts: { consumerName: string; providerName: string; content: string }[];
    };
    expect(bids.pacticipantVersionNumber).toBe('abc123');
    expect(bids.branch).toBe('main');
    expect(bids.contracts[0]?.providerName).toBe('buildbid-api');
    const committed = readFileSync(
      join(ROOT, 'contracts', 'pacts', 'buildbid-bids-buildbid-api.json'),
      'utf8',
    );
    expect(Buffer.from(bids.contracts[0]?.content ?? '', 'base64').toString('utf8')).toBe(committed);
    expect(publications[0]?.authorization).toBe(`Basic ${Buffer.from('pact:secret').toString('base64')}`);
  });

  it('refuses without PACT_BROKER_BASE_URL (exit 2), saying how to start one', async () => {
    const { code, output } = await runScript(['publish'], {});
    expect(code).toBe(2);
    expect(output).toContain('PACT_BROKER_BASE_URL is not set');
    expect(received).toEqual([]);
  });
});

describe('npm run pact:can-i-deploy -- <participant>', () => {
  it('asks the broker about this version for the environment and exits 0 when deployable', async () => {
    const { code, output } = await runScript(['can-i-deploy', 'bids'], {
      PACT_BROKER_BASE_URL: brokerUrl,
      PACT_BROKER_TOKEN: 't0ken',
    });
    expect(code, output).toBe(0);
    const [question] = received;
    expect(question?.url).toBe(
      '/can-i-deploy?pacticipant=buildbid-bids&version=abc123&environment=production',
    );
    expect(question?.authorization).toBe('Bearer t0ken');
    expect(output).toContain('buildbid-bids abc123 → production: yes');
  });

  it('exits 1 when the broker says no', async () => {
    deployable = false;
    const { code, output } = await runScript(['can-i-deploy', 'buildbid-bids'], {
      PACT_BROKER_BASE_URL: brokerUrl,
    });
    expect(code).toBe(1);
    expect(output).toContain('no (bids 1 failed)');
  });

  it('refuses an unknown participant (exit 2)', async () => {
    const { code, output } = await runScript(['can-i-deploy', 'billing'], {
      PACT_BROKER_BASE_URL: brokerUrl,
    });
    expect(code).toBe(2);
    expect(output).toContain("unknown participant 'billing'");
  });
});

describe('npm run pact:record-deployment -- <participant>', () => {
  it('records the version as deployed to the environment', async () => {
    const { code, output } = await runScript(['record-deployment', 'api'], {
      PACT_BROKER_BASE_URL: brokerUrl,
    });
    expect(code, output).toBe(0);
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /environments?name=production',
      'POST /pacticipants/buildbid-api/versions/abc123/deployed-versions/environment/env-123',
    ]);
  });
});

describe('the Pact Broker in docker-compose.yml', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, Record<string, unknown>>;
    volumes: Record<string, unknown>;
  };

  it('runs pactfoundation/pact-broker on its own PostgreSQL, checked by its heartbeat, on port 9292', () => {
    const brokerService = compose.services['pact-broker'] as {
      image: string;
      environment: Record<string, string>;
      depends_on: Record<string, unknown>;
      healthcheck: { test: string[] };
      ports: string[];
      profiles: string[];
    };
    const database = compose.services['pact-broker-db'] as {
      image: string;
      environment: Record<string, string>;
    };
    expect(brokerService.image).toMatch(/^pactfoundation\/pact-broker(:|$)/);
    expect(database.image).toMatch(/^postgres:/);
    expect(Object.keys(brokerService.depends_on)).toEqual(['pact-broker-db']);
    const url = new URL(brokerService.environment.PACT_BROKER_DATABASE_URL ?? '');
    expect(url.hostname).toBe('pact-broker-db');
    expect(url.pathname).toBe(`/${database.environment.POSTGRES_DB}`);
    expect(decodeURIComponent(url.username)).toBe(database.environment.POSTGRES_USER);
    expect(brokerService.healthcheck.test.join(' ')).toContain('/diagnostic/status/heartbeat');
    expect(brokerService.ports).toContain('9292:9292');
    // Only with --profile contracts: the app stack does not need it.
    expect(brokerService.profiles).toEqual(['contracts']);
  });
});
