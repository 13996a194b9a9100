/**
 * Where the shell loads each micro-frontend from (GET /remotes.json): REMOTE_<NAME>_URL (or
 * /remotes/<name>/mf-manifest.json), overridden by the entries of REMOTES_FILE, which is read again
 * on every request. A remote team releases to a new address by editing that file: no API restart.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';

const VALID_URL = /^(\/|https?:\/\/)/;

export function currentRemotes(
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

/** A strong ETag of a body, for no-cache revalidation. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
