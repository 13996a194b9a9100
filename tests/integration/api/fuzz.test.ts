import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookie, type TestApp, uniqueEmail } from '../support/app.ts';
import { applicationTables, truncateAll } from '../support/database.ts';
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
let document: Json;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', MESSAGE_RATE_LIMIT_PER_MINUTE: '100000' });
  // An empty database: the fingerprint reads every row twice per request, so rows an earlier test file left
  // (tens of thousands of saved-search alerts) would make each request cost half a second.
  await truncateAll(t.composition.orm);
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

  document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Json;
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
    '\ud800 x',
    'x \udfff',
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

/** Path values stay short (a long one reaches its route too, and answers like a short one: security.test.ts). */
function pathValue(name: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(ids[name] ?? 'x'),
    fc.uuid(),
    oddString.map((s) => encodeURIComponent(s.toWellFormed()).slice(0, 90) || 'x'),
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

/** The schema `$ref` points at, in the document's components. */
function deref(schema: Json | undefined): Json | undefined {
  let current = schema;
  for (let depth = 0; depth < 10 && typeof current?.$ref === 'string'; depth++) {
    const name = String(current.$ref).split('/').pop() as string;
    current = ((document.components as Json).schemas as Record<string, Json>)[name];
  }
  return current;
}

/**
 * Every place a string goes in a request body, as the dotted path the API names in `field`
 * ('title', 'phases.0.name'), read from the schema: properties, nested objects, lists (their first
 * item), and the alternatives of anyOf/oneOf/allOf.
 */
function stringPaths(raw: Json | undefined, prefix = '', depth = 0): string[] {
  const schema = deref(raw);
  if (!schema || depth > 8) return [];
  const paths = new Set<string>();
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    for (const part of (schema[key] as Json[] | undefined) ?? []) {
      for (const path of stringPaths(part, prefix, depth + 1)) paths.add(path);
    }
  }
  const types = [schema.type].flat();
  if (types.includes('string') && prefix) paths.add(prefix);
  if (types.includes('array')) {
    for (const path of stringPaths(schema.items as Json, prefix ? `${prefix}.0` : '0', depth + 1))
      paths.add(path);
  }
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
    for (const path of stringPaths(property, prefix ? `${prefix}.${name}` : name, depth + 1)) paths.add(path);
  }
  return [...paths];
}

/** `base` with `value` at the dotted path, building the objects and lists on the way. */
function withValueAt(base: unknown, path: string, value: unknown): Json {
  const root = structuredClone(
    base !== null && typeof base === 'object' && !Array.isArray(base) ? base : {},
  ) as Json;
  const keys = path.split('.');
  let node: Record<string, unknown> = root;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    const wantsList = /^\d+$/.test(keys[i + 1] as string);
    if (next === null || typeof next !== 'object') node[key] = wantsList ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  return root;
}

describe('a lone UTF-16 surrogate in every string of every request body (decision 0190)', () => {
  it('answers 400 VALIDATION_FAILED naming the field, and stores nothing', async () => {
    const LONE = 'a\ud800b';
    // Fresh actors and data: the property run above may have changed or deleted the shared ones.
    const fresh = async (role: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: uniqueEmail(`surrogate-${role}`), password: 'correct horse 1', role },
      });
      return { cookie: sessionCookie(res), id: res.json().id as string };
    };
    const client = await fresh('client');
    const contractor = await fresh('contractor');
    const projectId = await createProject(t, client.cookie);
    const pathIds: Record<string, string> = {
      id: projectId,
      bidId: await placeBid(t, contractor.cookie, projectId),
      name: 'nothing.pdf',
      userId: contractor.id,
    };
    const cases: Array<{
      op: string;
      method: string;
      url: string;
      field: string;
      send: () => Promise<{ statusCode: number; body: string; json: () => Json }>;
    }> = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      for (const [method, op] of Object.entries(item) as [string, Json][]) {
        const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => pathIds[name] ?? projectId);
        const jsonMedia = content['application/json'];
        if (jsonMedia && op.operationId !== 'signOut') {
          const example =
            jsonMedia.example ??
            ((deref(jsonMedia.schema as Json)?.examples as unknown[] | undefined)?.[0] as unknown) ??
            {};
          for (const field of stringPaths(jsonMedia.schema as Json)) {
            const payload = JSON.stringify(withValueAt(example, field, LONE));
            cases.push({
              op: String(op.operationId),
              method,
              url,
              field,
              send: () =>
                t.app.inject({
                  method: method.toUpperCase() as 'POST',
                  url,
                  headers: { cookie: client.cookie, 'content-type': 'application/json' },
                  payload,
                }),
            });
          }
        }
        // The multipart project form carries its fields as JSON in projectData (its contentSchema).
        const form = deref(content['multipart/form-data']?.schema as Json);
        const projectData = (form?.properties as Record<string, Json> | undefined)?.projectData;
        if (projectData?.contentSchema) {
          for (const field of stringPaths(projectData.contentSchema as Json)) {
            const boundary = '----surrogate';
            const data = JSON.stringify(withValueAt({}, field, LONE));
            cases.push({
              op: String(op.operationId),
              method,
              url,
              field,
              send: () =>
                t.app.inject({
                  method: method.toUpperCase() as 'POST',
                  url,
                  headers: {
                    cookie: client.cookie,
                    'content-type': `multipart/form-data; boundary=${boundary}`,
                  },
                  payload: `--${boundary}\r\nContent-Disposition: form-data; name="projectData"\r\n\r\n${data}\r\n--${boundary}--\r\n`,
                }),
            });
          }
        }
      }
    }
    // Every JSON operation with a text field, and the project form's fields.
    expect(new Set(cases.map((c) => c.op)).size).toBeGreaterThan(15);
    expect(cases.map((c) => c.op)).toEqual(
      expect.arrayContaining(['sendMessage', 'register', 'postProject']),
    );
    for (const c of cases) {
      // As above: background work of earlier requests (queued mails) finishes before the fingerprint.
      await t.composition.settled();
      await t.composition.workers.mail.runOnce();
      const before = await fingerprint();
      const res = await c.send();
      const where = `${c.method.toUpperCase()} ${c.url} (${c.op}) with a lone surrogate in ${c.field}: ${res.body}`;
      expect(res.statusCode, where).toBe(400);
      expect(res.json(), where).toMatchObject({ code: 'VALIDATION_FAILED', field: c.field });
      expect(await fingerprint(), where).toBe(before);
    }
    console.info(
      `surrogates: ${cases.length} string fields over ${new Set(cases.map((c) => c.op)).size} operations`,
    );
  }, 600_000);
});
