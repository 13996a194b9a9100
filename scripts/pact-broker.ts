/**
 * The Pact Broker side of a release (docs/contracts-release.md):
 *
 *   npm run pact:publish                              publish every committed pact (contracts/pacts/)
 *   npm run pact:publish -- bids                      publish one frontend's pact
 *   npm run pact:can-i-deploy -- <participant>       may this version go to the environment?
 *   npm run pact:record-deployment -- <participant>  tell the broker this version is now deployed
 *
 * A participant is a frontend (shell, account, projects, bids, admin, or its Pact name buildbid-<name>) or
 * the provider (api / buildbid-api). The broker is PACT_BROKER_BASE_URL (auth: PACT_BROKER_TOKEN, or
 * PACT_BROKER_USERNAME and PACT_BROKER_PASSWORD). The version is PACT_VERSION, else the git commit; the
 * branch PACT_BRANCH, else the git branch; the environment PACT_ENVIRONMENT, else production.
 *
 * Without PACT_BROKER_BASE_URL there is no broker to ask: `publish` and `record-deployment` refuse (exit 2),
 * and `can-i-deploy` answers from this checkout instead, by running the contract suite: every committed
 * pact verified against this API build (what CI does).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const PROVIDER = 'buildbid-api';
const FRONTENDS = ['shell', 'account', 'projects', 'bids', 'admin'] as const;

function git(...args: string[]): string | null {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function participantOf(name: string | undefined): string {
  if (!name) throw new UsageError('name a participant: one of shell, account, projects, bids, admin, api');
  const bare = name.replace(/^buildbid-/, '');
  if (bare === 'api') return PROVIDER;
  if ((FRONTENDS as readonly string[]).includes(bare)) return `buildbid-${bare}`;
  throw new UsageError(`unknown participant '${name}': one of shell, account, projects, bids, admin, api`);
}

class UsageError extends Error {}

const broker = process.env.PACT_BROKER_BASE_URL?.replace(/\/+$/, '');
const version = process.env.PACT_VERSION ?? git('rev-parse', '--short=12', 'HEAD') ?? 'local';
const branch = process.env.PACT_BRANCH ?? git('rev-parse', '--abbrev-ref', 'HEAD') ?? 'main';
const environment = process.env.PACT_ENVIRONMENT ?? 'production';

function authHeaders(): Record<string, string> {
  if (process.env.PACT_BROKER_TOKEN) return { authorization: `Bearer ${process.env.PACT_BROKER_TOKEN}` };
  if (process.env.PACT_BROKER_USERNAME) {
    const basic = `${process.env.PACT_BROKER_USERNAME}:${process.env.PACT_BROKER_PASSWORD ?? ''}`;
    return { authorization: `Basic ${Buffer.from(basic).toString('base64')}` };
  }
  return {};
}

async function call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${broker}${path}`, {
    method,
    headers: {
      accept: 'application/hal+json, application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...authHeaders(),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!response.ok && !(path.startsWith('/can-i-deploy') && response.status === 400)) {
    throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
  }
  return json;
}

/** POST /contracts/publish, once per consumer (the broker's own publication endpoint). */
async function publish(only: string | undefined): Promise<void> {
  const consumers = only ? [participantOf(only)] : FRONTENDS.map((name) => `buildbid-${name}`);
  for (const consumer of consumers) {
    if (consumer === PROVIDER) throw new UsageError('the provider publishes verification results, not pacts');
    const file = join(ROOT, 'contracts', 'pacts', `${consumer}-${PROVIDER}.json`);
    const content = Buffer.from(readFileSync(file)).toString('base64');
    await call('POST', '/contracts/publish', {
      pacticipantName: consumer,
      pacticipantVersionNumber: version,
      branch,
      contracts: [
        {
          consumerName: consumer,
          providerName: PROVIDER,
          specification: 'pact',
          contentType: 'application/json',
          content,
        },
      ],
    });
    console.info(`published ${consumer} ${version} (branch ${branch}) to ${broker}`);
  }
}

/** GET /can-i-deploy: deployable when every integration of this version is verified for the environment. */
async function canIDeploy(name: string | undefined): Promise<boolean> {
  const pacticipant = participantOf(name);
  if (!broker) return canIDeployOffline(pacticipant);
  const query = new URLSearchParams({ pacticipant, version, environment });
  const answer = await call('GET', `/can-i-deploy?${query}`);
  const summary = (answer.summary ?? {}) as { deployable?: boolean; reason?: string };
  console.info(
    `${pacticipant} ${version} → ${environment}: ${summary.deployable ? 'yes' : 'no'}${summary.reason ? ` (${summary.reason})` : ''}`,
  );
  return summary.deployable === true;
}

/** Without a broker: the committed pacts must verify against this checkout's API (the contract suite). */
function canIDeployOffline(pacticipant: string): boolean {
  console.info(
    `PACT_BROKER_BASE_URL is not set: answering for ${pacticipant} from this checkout by verifying every ` +
      'committed pact against this API build (npm run test:contracts).',
  );
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'contracts'], { cwd: ROOT, stdio: 'inherit' });
  console.info(
    `${pacticipant}: ${run.status === 0 ? 'yes' : 'no'} (offline: committed pacts ${run.status === 0 ? 'verified' : 'failed'})`,
  );
  return run.status === 0;
}

/** Records that this version of the participant now runs in the environment (deployed-versions resource). */
async function recordDeployment(name: string | undefined): Promise<void> {
  const pacticipant = participantOf(name);
  const environments = await call('GET', `/environments?name=${encodeURIComponent(environment)}`);
  const embedded = (environments._embedded ?? {}) as { environments?: { uuid: string }[] };
  const uuid = embedded.environments?.[0]?.uuid;
  if (!uuid)
    throw new Error(`the broker has no environment '${environment}' (create it once: POST /environments)`);
  await call(
    'POST',
    `/pacticipants/${encodeURIComponent(pacticipant)}/versions/${encodeURIComponent(version)}/deployed-versions/environment/${uuid}`,
    {},
  );
  console.info(`recorded ${pacticipant} ${version} as deployed to ${environment}`);
}

async function main(): Promise<number> {
  const [command, argument] = process.argv.slice(2);
  try {
    if (command === 'can-i-deploy') return (await canIDeploy(argument)) ? 0 : 1;
    if (command !== 'publish' && command !== 'record-deployment') {
      throw new UsageError(
        'usage: pact-broker.ts publish [participant] | can-i-deploy <participant> | record-deployment <participant>',
      );
    }
    if (!broker) {
      console.error(
        `PACT_BROKER_BASE_URL is not set: there is no broker to ${command === 'publish' ? 'publish to' : 'record in'}. ` +
          'Start one (docker compose up pact-broker) and set PACT_BROKER_BASE_URL=http://localhost:9292.',
      );
      return 2;
    }
    if (command === 'publish') await publish(argument);
    else await recordDeployment(argument);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return error instanceof UsageError ? 2 : 1;
  }
}

process.exitCode = await main();
