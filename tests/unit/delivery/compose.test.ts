import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REMOTE_NAMES } from '#api/config.ts';

/**
 * Each remote is its own deployable (docs/deploy.md). Docker has no daemon on the development machines,
 * so this reads docker-compose.yml, the Dockerfile and .dockerignore; where `docker compose` exists
 * (CI images with docker), `docker compose config` must accept the file as well.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

interface Service {
  build?: { context: string; target?: string; args?: Record<string, string> };
  image?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] | string };
  ports?: string[];
  depends_on?: Record<string, unknown>;
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const healthText = (s: Service | undefined) => [s?.healthcheck?.test ?? []].flat().join(' ');

describe('docker-compose.yml', () => {
  it('has a service per remote, built from its own target, with a health check and a published port', () => {
    for (const name of REMOTE_NAMES) {
      const service = compose.services[name];
      expect(service, name).toBeDefined();
      expect(service?.build?.target, name).toBe('remote');
      expect(service?.build?.args?.REMOTE, name).toBe(name);
      expect(healthText(service), name).toContain('/healthz');
      expect(service?.ports?.length, name).toBeGreaterThan(0);
    }
    // Where the compose plugin exists (CI images with docker), docker itself must accept the file too.
    if (spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0) {
      const result = spawnSync('docker', ['compose', 'config', '-q'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, SESSION_SECRET: 'a'.repeat(64) },
      });
      expect(result.status, result.stderr).toBe(0);
    }
  });

  it("wires every remote's URL into the app to the port its service publishes", () => {
    const app = compose.services.app;
    expect(app?.build?.target).toBe('app');
    for (const name of REMOTE_NAMES) {
      const url = app?.environment?.[`REMOTE_${name.toUpperCase()}_URL`] ?? '';
      const published = (compose.services[name]?.ports?.[0] ?? '').split(':')[0];
      expect(url, name).toMatch(new RegExp(`:${published}/mf-manifest\\.json$`));
    }
    expect(app?.environment?.REMOTES_FILE).toBeTruthy();
  });

  it('checks the app by /readyz and starts without Stripe keys on the documented sandbox setting', () => {
    const app = compose.services.app;
    expect(healthText(app)).toContain('/readyz');
    expect(app?.environment?.PAYMENTS_SANDBOX).toBe(`\${PAYMENTS_SANDBOX:-true}`);
    for (const key of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_ID',
      'STRIPE_PUBLISHABLE_KEY',
    ]) {
      // Optional (empty by default), never `${X:?...}`, which refuses to start.
      expect(app?.environment?.[key], key).toBe(`\${${key}:-}`);
    }
    expect(app?.environment?.NODE_ENV).toBe('production');
  });
});

describe('Dockerfile and .dockerignore', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const stage = (name: string) => stages.find((s) => new RegExp(`^\\S+ AS ${name}\\s`).test(s)) ?? '';

  it('runs the app and the remote images as a non-root user, the app checked by /readyz', () => {
    for (const name of ['app', 'remote']) {
      expect(stage(name), name).toMatch(/^USER node$/m);
    }
    expect(stage('app')).toMatch(/HEALTHCHECK .*\/readyz/);
    expect(stage('app')).not.toMatch(/HEALTHCHECK .*\/healthz/);
    expect(stage('remote')).toMatch(/HEALTHCHECK .*\/healthz/);
    // The remote image holds its dist/ and the static server, not the repository.
    expect(stage('remote')).toContain(`COPY --from=remote-build /app/apps/\${REMOTE}/dist ./dist`);
    expect(stage('remote')).not.toMatch(/COPY \. /);
  });

  it('keeps node_modules, .data (the development session secret) and env files out of the image', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const entry of ['**/node_modules', '.data', '.env', '.env.*', '**/dist', '.git']) {
      expect(ignored, entry).toContain(entry);
    }
  });
});
