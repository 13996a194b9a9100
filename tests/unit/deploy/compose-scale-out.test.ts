import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * Docker cannot run on the development machines, so the scaled topology of docker-compose.yml
 * (docs/deploy.md) is checked by reading it: what would break a load-balanced deployment fails here.
 */
const root = join(import.meta.dirname, '..', '..', '..');
type Service = {
  image?: string;
  build?: unknown;
  deploy?: { replicas?: number };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
};
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
};
const services = compose.services;
const app = services.app as Service;

describe('docker-compose.yml: several API instances behind a load balancer', () => {
  it('runs at least two API replicas that share PostgreSQL, Redis and an S3-compatible bucket', () => {
    expect(app.build).toBeDefined();
    expect(app.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(app.environment).toMatchObject({
      NODE_ENV: 'production',
      DATABASE_URL: expect.stringContaining('@db:5432/'),
      REDIS_URL: 'redis://redis:6379',
      STORAGE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'buildbid-uploads',
    });
    expect(app.depends_on).toMatchObject({
      db: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'minio-init': { condition: 'service_completed_successfully' },
    });
    // No replica publishes a port of its own: the load balancer is the way in.
    expect(app.ports).toBeUndefined();
  });

  it('checks every service that others wait on, and the API by its readiness', () => {
    for (const name of ['db', 'redis', 'minio', 'app', 'lb']) {
      expect(services[name]?.healthcheck?.test.length, name).toBeGreaterThan(0);
    }
    expect(app.healthcheck?.test.join(' ')).toContain('/readyz');
  });

  it('creates the private uploads bucket before the API starts', () => {
    const init = services['minio-init'] as Service & { entrypoint?: string[] };
    expect(init.depends_on).toMatchObject({ minio: { condition: 'service_healthy' } });
    expect(init.entrypoint?.join(' ')).toContain('mc mb --ignore-existing local/buildbid-uploads');
  });

  it('balances over every healthy replica with Caddy, websockets included, on port 3000', () => {
    const lb = services.lb as Service;
    expect(lb.image).toMatch(/^caddy:/);
    expect(lb.ports).toContain('3000:80');
    expect(lb.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = readFileSync(join(root, 'deploy', 'Caddyfile'), 'utf8');
    expect(caddyfile).toMatch(/dynamic a \{\s*name app\s*port 3000/);
    expect(caddyfile).toContain('health_uri /readyz');
    expect(caddyfile).toContain('lb_policy round_robin');
  });
});
