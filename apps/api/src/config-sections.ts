import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The parts of the configuration read by their own rules (storage, Stripe, the trusted proxies, the readers
// of whole numbers and URLs, the development session key), so that loadConfig in config.ts reads as the list of settings.

export type Env = Record<string, string | undefined>;
export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
      prefix: string;
    };

export interface StripeConfig {
  /** sk_... or rk_... (STRIPE_SECRET_KEY). */
  secretKey: string;
  /** whsec_...: verifies webhook signatures (STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** price_...: the monthly Pro price, $29 (STRIPE_PRICE_ID). */
  priceId: string;
  /** pk_...: handed to the browser by GET /api/config (STRIPE_PUBLISHABLE_KEY). */
  publishableKey: string;
  /** Where the SDK sends API calls; set only to point tests at a local fake Stripe. */
  apiHost: string | undefined;
  apiPort: number | undefined;
  apiProtocol: 'http' | 'https' | undefined;
}

/** The variables that together switch on Stripe, each with the prefix its value must have. */
export const STRIPE_KEYS = [
  { name: 'STRIPE_SECRET_KEY', prefixes: ['sk_', 'rk_'] },
  { name: 'STRIPE_WEBHOOK_SECRET', prefixes: ['whsec_'] },
  { name: 'STRIPE_PRICE_ID', prefixes: ['price_'] },
  { name: 'STRIPE_PUBLISHABLE_KEY', prefixes: ['pk_'] },
] as const;

/** STORAGE=disk (default) or s3 with S3_BUCKET and, for MinIO or R2, S3_ENDPOINT. */
export function storageConfig(env: Env, problems: string[]): StorageConfig {
  const kind = env.STORAGE?.trim() || 'disk';
  if (kind === 'disk') return { kind };
  if (kind !== 's3') {
    problems.push(`STORAGE must be disk or s3 (got '${env.STORAGE}')`);
    return { kind: 'disk' };
  }
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(
      `S3_BUCKET must name a bucket (3-63 lower-case letters, digits, dots, hyphens) when STORAGE=s3 (got '${bucket}')`,
    );
  }
  const endpoint = envReader(env, problems).url('S3_ENDPOINT', /^https?:\/\/[^/]/, 'an http(s) URL');
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    problems.push(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset for the default AWS credentials)',
    );
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim();
  if (pathStyle !== undefined && pathStyle !== '' && pathStyle !== 'true' && pathStyle !== 'false') {
    problems.push(`S3_FORCE_PATH_STYLE must be true or false (got '${pathStyle}')`);
  }
  return {
    kind,
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    // MinIO and most S3-compatible servers want the bucket in the path; AWS prefers virtual hosts.
    forcePathStyle: pathStyle ? pathStyle === 'true' : endpoint !== undefined,
    prefix: env.S3_PREFIX?.trim() ?? '',
  };
}

/**
 * TRUST_PROXY: unset or 'false' believes no X-Forwarded-* header; otherwise a comma-separated list of the
 * proxies' addresses or CIDRs ('10.0.0.0/8,127.0.0.1'), or proxy-addr's names loopback, linklocal and
 * uniquelocal. 'true' (believe anyone, so any client could claim any address) and hop counts (Fastify
 * cannot check the peer then) are refused.
 */
export function parseTrustProxy(raw: string | undefined, problems: string[]): false | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  const list = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  const bad = list.filter((item) => !named.has(item) && !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(item));
  if (value === 'true' || /^\d+$/.test(value) || bad.length > 0) {
    problems.push(
      `TRUST_PROXY must list the proxies' addresses or CIDRs, e.g. 10.0.0.0/8,127.0.0.1 (got '${value}'); ` +
        'trusting every hop or a hop count would let any client claim any address',
    );
    return false;
  }
  return list;
}

/**
 * Stripe is on when its four keys are set, and required in production; set partly, the missing ones
 * are named. Without them (development, test) payments run on the sandbox gateway.
 */
export function stripeConfig(env: Env, appEnv: string, problems: string[]): StripeConfig | null {
  const values = STRIPE_KEYS.map(({ name }) => env[name]?.trim() || undefined);
  const missing = STRIPE_KEYS.filter((_, i) => values[i] === undefined).map(({ name }) => name);
  if (missing.length === STRIPE_KEYS.length && appEnv !== 'production') return null;
  if (missing.length > 0) {
    problems.push(
      appEnv === 'production'
        ? `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required in production (Stripe payments)`
        : `Stripe needs all of ${STRIPE_KEYS.map((k) => k.name).join(', ')}; missing ${missing.join(', ')}`,
    );
  }
  STRIPE_KEYS.forEach(({ name, prefixes }, i) => {
    const value = values[i];
    if (value !== undefined && !prefixes.some((prefix) => value.startsWith(prefix))) {
      problems.push(`${name} must start with ${prefixes.join(' or ')}`);
    }
  });
  const apiHost = env.STRIPE_API_HOST?.trim() || undefined;
  const rawPort = env.STRIPE_API_PORT?.trim();
  const apiPort = rawPort ? integer(rawPort, 0, 'STRIPE_API_PORT', 1, 65535, problems) : undefined;
  const apiProtocol = env.STRIPE_API_PROTOCOL?.trim() || undefined;
  if (apiProtocol !== undefined && apiProtocol !== 'http' && apiProtocol !== 'https') {
    problems.push(`STRIPE_API_PROTOCOL must be http or https (got '${apiProtocol}')`);
  }
  if (appEnv === 'production' && apiProtocol === 'http') {
    problems.push('STRIPE_API_PROTOCOL=http is for tests against a local fake Stripe, not production');
  }
  const [secretKey, webhookSecret, priceId, publishableKey] = values;
  if (!secretKey || !webhookSecret || !priceId || !publishableKey) return null;
  return {
    secretKey,
    webhookSecret,
    priceId,
    publishableKey,
    apiHost,
    apiPort,
    apiProtocol: apiProtocol as StripeConfig['apiProtocol'],
  };
}

/**
 * The readers of single settings, one per kind of value; each notes what is wrong in `problems` and
 * answers the value to use.
 */
export function envReader(env: Env, problems: string[]) {
  return {
    /** A whole number from min to max; unset or blank: the fallback. */
    whole: (name: string, fallback: number, min: number, max: number): number =>
      integer(env[name], fallback, name, min, max, problems),
    /** A URL matching `pattern` (described as `kind` in the problem); unset or blank: undefined. */
    url: (name: string, pattern: RegExp, kind: string): string | undefined => {
      const value = env[name]?.trim() || undefined;
      if (value && !pattern.test(value)) problems.push(`${name} must be ${kind} (got '${value}')`);
      return value;
    },
  };
}

function integer(
  raw: string | undefined,
  fallback: number,
  name: string,
  min: number,
  max: number,
  problems: string[],
): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got '${raw}')`);
    return fallback;
  }
  return value;
}

/** Outside production, a key is generated once and kept under DATA_DIR so sessions survive restarts. */
export function developmentSessionKey(dataDir: string): Buffer {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const hex = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-fA-F]{64}$/.test(hex)) return Buffer.from(hex, 'hex');
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}
