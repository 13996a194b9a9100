/**
 * Where the shell loads each micro-frontend from (GET /remotes.json): REMOTE_<NAME>_URL (or
 * /remotes/<name>/mf-manifest.json), overridden by the entries of REMOTES_FILE, which is read again
 * on every request. A remote team releases to a new address by editing that file: no API restart.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#application/shared/ports.ts';
import type { Config } from './config.ts';

const VALID_URL = /^(\/|https?:\/\/)/;

function currentRemotes(
  config: Pick<Config, 'remotes' | 'remotesFile'>,
  log?: FastifyBaseLogger,
): Record<string, string> {
  const remotes = { ...config.remotes };
  if (!config.remotesFile) return remotes;
  let text: string;
  try {
    text = readFileSync(config.remotesFile, 'utf8');
  } catch {
    return remotes; // no file yet: the variables hold
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('not an object');
    for (const [name, url] of Object.entries(parsed)) {
      if (name in remotes && typeof url === 'string' && VALID_URL.test(url.trim()))
        remotes[name] = url.trim();
      else log?.warn({ name, url }, 'REMOTES_FILE entry ignored: unknown remote or not a path/http(s) URL');
    }
  } catch (error) {
    log?.warn(
      { err: error, file: config.remotesFile },
      'REMOTES_FILE is not valid JSON; using REMOTE_<NAME>_URL',
    );
  }
  return remotes;
}

/** How long the remotes' origins (the CSP and the origin check) are kept before REMOTES_FILE is read again. */
const REMOTE_ORIGINS_TTL_MS = 1000;

/**
 * The remotes of one running API: GET /remotes.json reads the file on every request; the origins the
 * security headers and the origin check need are read at most once a second of the application's
 * Clock, so a test moves its fake clock instead of sleeping.
 */
export class RemotesFile {
  readonly #config: Pick<Config, 'remotes' | 'remotesFile'>;
  readonly #clock: Clock;
  #seen: { at: number; origins: string[] } | undefined;

  constructor(config: Pick<Config, 'remotes' | 'remotesFile'>, clock: Clock) {
    this.#config = config;
    this.#clock = clock;
  }

  /** Remote name → manifest URL, read now. */
  current(log?: FastifyBaseLogger): Record<string, string> {
    return currentRemotes(this.#config, log);
  }

  /** The origins of the remotes served from another origin (https://... URLs). */
  origins(): string[] {
    const now = this.#clock.now().getTime();
    const seen = this.#seen;
    if (seen && (!this.#config.remotesFile || now - seen.at < REMOTE_ORIGINS_TTL_MS)) return seen.origins;
    const origins = new Set<string>();
    for (const url of Object.values(this.current())) {
      if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
    }
    this.#seen = { at: now, origins: [...origins] };
    return this.#seen.origins;
  }
}

/** A strong ETag of a body, for no-cache revalidation. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
