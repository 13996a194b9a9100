import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Everything the API reads from its environment, validated once at start. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Unset: an embedded PostgreSQL (PGlite) whose data lives under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** 32 bytes for @fastify/secure-session. */
  sessionKey: Buffer;
  logLevel: string;
  /** Sign-in and registration attempts per client address per minute. */
  authRateLimitPerMinute: number;
  /** Seed demo data into an empty database (default on outside production). */
  seedDemoData: boolean;
  /** Where the shell finds each micro-frontend's manifest; a remote moves by changing one variable. */
  remotes: Record<string, string>;
  /** The folder holding the built frontends (shell at apps/shell/dist, remotes at apps/<name>/dist). */
  appsDir: string;
}

export const REMOTE_NAMES = ['account', 'projects', 'bids', 'admin'] as const;

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const appEnv = (env.NODE_ENV ?? 'development') as Config['env'];
  if (!['development', 'production', 'test'].includes(appEnv)) {
    problems.push(`NODE_ENV must be development, production or test (got '${env.NODE_ENV}')`);
  }

  const port = integer(env.PORT, 3000, 'PORT', 0, 65535, problems);
  const authRateLimitPerMinute = integer(
    env.AUTH_RATE_LIMIT_PER_MINUTE,
    20,
    'AUTH_RATE_LIMIT_PER_MINUTE',
    1,
    1_000_000,
    problems,
  );

  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(`DATABASE_URL must be a postgres:// URL (got '${databaseUrl}')`);
  }

  const logLevel = env.LOG_LEVEL ?? (appEnv === 'test' ? 'warn' : 'info');
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got '${logLevel}')`);
  }

  const seed = env.SEED_DEMO_DATA;
  if (seed !== undefined && !['true', 'false'].includes(seed)) {
    problems.push(`SEED_DEMO_DATA must be true or false (got '${seed}')`);
  }

  const remotes: Record<string, string> = {};
  for (const name of REMOTE_NAMES) {
    const key = `REMOTE_${name.toUpperCase()}_URL`;
    const url = env[key]?.trim() || `/remotes/${name}/mf-manifest.json`;
    if (!url.startsWith('/') && !/^https?:\/\//.test(url)) {
      problems.push(`${key} must be a path or an http(s) URL of an mf-manifest.json (got '${url}')`);
    }
    remotes[name] = url;
  }

  const dataDir = resolve(cwd, env.DATA_DIR?.trim() || '.data');
  let sessionKey: Buffer | undefined;
  if (env.SESSION_SECRET) {
    if (!/^[0-9a-fA-F]{64}$/.test(env.SESSION_SECRET)) {
      problems.push(
        'SESSION_SECRET must be 64 hex characters (32 bytes); make one with `openssl rand -hex 32`',
      );
    } else {
      sessionKey = Buffer.from(env.SESSION_SECRET, 'hex');
    }
  } else if (appEnv === 'production') {
    problems.push('SESSION_SECRET is required in production (64 hex characters: `openssl rand -hex 32`)');
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: appEnv,
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    dataDir,
    sessionKey: sessionKey ?? developmentSessionKey(dataDir),
    logLevel,
    authRateLimitPerMinute,
    seedDemoData: seed === undefined ? appEnv !== 'production' : seed === 'true',
    remotes,
    appsDir: resolve(cwd, env.APPS_DIR?.trim() || 'apps'),
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
function developmentSessionKey(dataDir: string): Buffer {
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
