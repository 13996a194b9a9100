import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookie, type TestApp, uniqueEmail } from '../support/app.ts';
import { applicationTables } from '../support/database.ts';
import { createProject, placeBid } from './marketplace-support.ts';

/**
 * Property-based fuzzing of every JSON operation in the OpenAPI document (fast-check): paths, query
 * strings and bodies built from the document's own examples, then mutated (fields dropped, replaced by
 * other types, odd strings with NUL, huge numbers, deep nesting). Sent as anonymous, a client and a
 * contractor. Properties:
 * - no answer is a 5xx;
 * - a request answered 4xx changed no row in any table.
 * The run count is FUZZ_RUNS (default 300 in all; docs/security.md).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  id: string;
  params: string[];
  query: Json[];
  bodyExample: unknown;
}

let t: TestApp;
let actors: Record<'anonymous' | 'client' | 'contractor', string | undefined>;
let ids: Record<string, string>;
let operations: Operation[];
let tables: string[];

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', MESSAGE_RATE_LIMIT_PER_MINUTE: '100000' });
  const reg = async (role: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(`fuzz-${role}`), password: 'correct horse 1', role },
    });
    return { cookie: sessionCookie(res), id: res.json().id as string };
  };
  const client = await reg('client');
  const contractor = await reg('contractor');
  const projectId = await createProject(t, client.cookie);
  const bidId = await placeBid(t, contractor.cookie, projectId);
  actors = { anonymous: undefined, client: client.cookie, contractor: contractor.cookie };
  ids = { id: projectId, bidId, name: 'nothing.pdf', userId: client.id };

  const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Json;
  operations = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item) as [string, Json][]) {
      const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      // JSON operations only: multipart (project form) and raw bodies (the Stripe webhook) are not JSON.
      if (body && !body['application/json']) continue;
      if (path === '/api/stripe/webhook') continue;
      // Sign-out takes no input, and would end the actors' sessions for the rest of the run.
      if (op.operationId === 'signOut' || op.operationId === 'logOut') continue;
      const media = body?.['application/json'];
      const schema = media?.schema as Json | undefined;
      const example =
        media?.example ??
        (schema?.examples as unknown[] | undefined)?.[0] ??
        Object.values((media?.examples ?? {}) as Record<string, Json>)[0]?.value;
      const parameters = (op.parameters ?? []) as Json[];
      operations.push({
        method: method.toUpperCase(),
        path,
        id: String(op.operationId),
        params: parameters.filter((p) => p.in === 'path').map((p) => String(p.name)),
        query: parameters.filter((p) => p.in === 'query'),
        bodyExample: body ? (example ?? {}) : undefined,
      });
    }
  }
  tables = (await applicationTables(t.composition.orm)).filter((name) => name !== 'session');
});
afterAll(async () => {
  await t.close();
});

/** A fingerprint of every row of every table (sessions aside: signing in is not a change). */
async function fingerprint(): Promise<string> {
  const connection = t.composition.orm.em.getConnection();
  const parts = await Promise.all(
    tables.map(async (name) => {
      const rows: { h: string | null }[] = await connection.execute(
        `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`,
      );
      return `${name}:${rows[0]?.h}`;
    }),
  );
  return parts.join(',');
}

const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '%00',
    '../..',
  ),
  fc.string({ minLength: 300, maxLength: 2000 }),
);
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, -1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.constant({ a: { b: { c: { d: { e: [[[[1]]]] } } } } }),
);

/** The example body with some fields dropped, replaced or added. */
function mutatedBody(example: unknown): fc.Arbitrary<unknown> {
  if (example === null || typeof example !== 'object' || Array.isArray(example)) {
    return fc.oneof(fc.constant(example), oddValue);
  }
  const keys = Object.keys(example as Json);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(example) },
    { weight: 1, arbitrary: oddValue },
    {
      weight: 6,
      arbitrary: fc
        .record({
          drop: fc.subarray(keys),
          replace: fc.dictionary(fc.constantFrom(...(keys.length ? keys : ['x'])), oddValue, { maxKeys: 3 }),
          extra: fc.dictionary(
            fc.constantFrom('role', 'id', 'isAdmin', '__proto__', 'constructor'),
            oddValue,
            {
              maxKeys: 2,
            },
          ),
        })
        .map(({ drop, replace, extra }) => {
          const next: Json = { ...(example as Json) };
          for (const key of drop) delete next[key];
          return { ...next, ...replace, ...extra };
        }),
    },
  );
}

/** Path values stay under Fastify's maxParamLength (100): longer ones answer 414 before any route runs. */
function pathValue(name: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(ids[name] ?? 'x'),
    fc.uuid(),
    oddString.map((s) => encodeURIComponent(s).slice(0, 90) || 'x'),
  );
}

describe('fuzzing every JSON operation of the OpenAPI document', () => {
  it('never answers 5xx, and a refused request changes no row', async () => {
    expect(operations.length).toBeGreaterThan(30);
    let runs = 0;
    const byStatus: Record<number, number> = {};
    const cases = fc.constantFrom(...operations).chain((op) =>
      fc.record({
        op: fc.constant(op),
        actor: fc.constantFrom('anonymous', 'client', 'contractor') as fc.Arbitrary<keyof typeof actors>,
        params: fc.tuple(...op.params.map(pathValue), fc.constant('')),
        query: fc.dictionary(
          fc.constantFrom(...(op.query.length ? op.query.map((q) => String(q.name)) : ['q'])),
          oddString,
          { maxKeys: 3 },
        ),
        body: op.bodyExample === undefined ? fc.constant(undefined) : mutatedBody(op.bodyExample),
      }),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ op, actor, params, query, body }) => {
        runs += 1;
        let url = op.path;
        op.params.forEach((name, i) => {
          url = url.replace(`{${name}}`, params[i] as string);
        });
        const search = new URLSearchParams(query as Record<string, string>).toString();
        // Work that earlier accepted requests started in the background (saved-search alerts, queued mails)
        // finishes first: only this request may change rows between the two fingerprints.
        await t.composition.settled();
        await t.composition.workers.mail.runOnce();
        const before = await fingerprint();
        const cookie = actors[actor];
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: search ? `${url}?${search}` : url,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        });
        byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
        expect(res.statusCode, `${op.method} ${url} as ${actor}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(await fingerprint(), `${op.method} ${url} as ${actor} answered ${res.statusCode}`).toBe(
            before,
          );
        }
      }),
      { numRuns: RUNS },
    );
    console.info(
      `fuzz: ${runs} requests over ${operations.length} operations; statuses ${JSON.stringify(byStatus)}`,
    );
  }, 600_000);
});
