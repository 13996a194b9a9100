import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The breaking-change check (docs/api.md › "Releases and breaking changes"): compares the generated
 * document (openapi/openapi.json) with the last released one (openapi/released.json). A removed
 * operation, a removed or retyped response field, or a new required request field breaks third
 * parties; `npm test` then fails unless openapi/CHANGELOG.md records the break under a new major version.
 */

type Json = Record<string, unknown>;

export interface BreakingChange {
  /** `listProjects (GET /api/projects)` */
  operation: string;
  operationId: string;
  change: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function findBreakingChanges(released: Json, current: Json): BreakingChange[] {
  const changes: BreakingChange[] = [];
  const oldPaths = (released.paths ?? {}) as Record<string, Json>;
  const newPaths = (current.paths ?? {}) as Record<string, Json>;
  for (const [path, oldItem] of Object.entries(oldPaths)) {
    for (const method of METHODS) {
      const oldOp = oldItem[method] as Json | undefined;
      if (!oldOp) continue;
      const operationId = String(oldOp.operationId ?? `${method} ${path}`);
      const operation = `${operationId} (${method.toUpperCase()} ${path})`;
      const report = (change: string) => changes.push({ operation, operationId, change });
      const newOp = newPaths[path]?.[method] as Json | undefined;
      if (!newOp) {
        report('the operation was removed');
        continue;
      }
      compareResponses(released, current, oldOp, newOp, report);
      compareRequest(released, current, oldOp, newOp, report);
    }
  }
  return changes;
}

function compareResponses(
  oldDoc: Json,
  newDoc: Json,
  oldOp: Json,
  newOp: Json,
  report: (change: string) => void,
): void {
  const oldResponses = (oldOp.responses ?? {}) as Record<string, Json>;
  const newResponses = (newOp.responses ?? {}) as Record<string, Json>;
  for (const [status, oldResponse] of Object.entries(oldResponses)) {
    const newResponse = newResponses[status];
    if (!newResponse) {
      if (status.startsWith('2')) report(`the ${status} answer was removed`);
      continue;
    }
    const oldContent = (oldResponse.content ?? {}) as Record<string, Json>;
    const newContent = (newResponse.content ?? {}) as Record<string, Json>;
    for (const [type, oldMedia] of Object.entries(oldContent)) {
      const newMedia = newContent[type];
      if (!newMedia) {
        if (status.startsWith('2')) report(`the ${status} answer is no longer ${type}`);
        continue;
      }
      compareResponseSchema(
        { doc: oldDoc, schema: oldMedia.schema as Json | undefined },
        { doc: newDoc, schema: newMedia.schema as Json | undefined },
        `${status} ${type}`,
        report,
        0,
      );
    }
  }
}

interface Located {
  doc: Json;
  schema: Json | undefined;
}

/** Follows local `$ref`s and merges `allOf`, so two versions compare by shape, not by spelling. */
function resolve({ doc, schema }: Located, depth = 0): Json | undefined {
  if (!schema || depth > 20) return schema;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) {
    const target = schema.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (node, key) => (node as Json | undefined)?.[key.replaceAll('~1', '/').replaceAll('~0', '~')],
        doc,
      ) as Json | undefined;
    const { $ref: _ref, ...rest } = schema;
    return resolve({ doc, schema: { ...target, ...rest } }, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as Json[]).map((part) => resolve({ doc, schema: part }, depth + 1) ?? {});
    const { allOf: _allOf, ...rest } = schema;
    const merged: Json = { ...rest };
    for (const part of parts) {
      for (const [key, value] of Object.entries(part)) {
        if (key === 'properties') {
          merged.properties = { ...(merged.properties as Json | undefined), ...(value as Json) };
        } else if (key === 'required') {
          merged.required = [...new Set([...((merged.required as string[]) ?? []), ...(value as string[])])];
        } else if (merged[key] === undefined) merged[key] = value;
      }
    }
    return merged;
  }
  return schema;
}

/** The JSON types a schema allows (empty: anything). */
export function jsonTypes(located: Located): Set<string> {
  const schema = resolve(located);
  const types = new Set<string>();
  if (!schema) return types;
  const add = (value: unknown) => {
    if (value === null) types.add('null');
    else if (Array.isArray(value)) types.add('array');
    else if (typeof value === 'number') types.add(Number.isInteger(value) ? 'integer' : 'number');
    else types.add(typeof value);
  };
  if (typeof schema.type === 'string') types.add(schema.type);
  else if (Array.isArray(schema.type)) for (const t of schema.type) types.add(String(t));
  else if ('const' in schema) add(schema.const);
  else if (Array.isArray(schema.enum)) for (const v of schema.enum) add(v);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const variants = schema[key] as Json[] | undefined;
    if (!variants) continue;
    for (const variant of variants) {
      const inner = jsonTypes({ doc: located.doc, schema: variant });
      if (inner.size === 0) return new Set();
      for (const t of inner) types.add(t);
    }
  }
  if (types.has('number')) types.add('integer');
  return types;
}

function compareResponseSchema(
  oldLocated: Located,
  newLocated: Located,
  where: string,
  report: (change: string) => void,
  depth: number,
): void {
  const oldSchema = resolve(oldLocated);
  const newSchema = resolve(newLocated);
  // Deep enough for every shape the API has; a recursive schema stops here.
  if (!oldSchema || !newSchema || depth > 12) return;
  const oldTypes = jsonTypes({ doc: oldLocated.doc, schema: oldSchema });
  const newTypes = jsonTypes({ doc: newLocated.doc, schema: newSchema });
  if (oldTypes.size > 0) {
    const widened = newTypes.size === 0 ? ['any type'] : [...newTypes].filter((t) => !oldTypes.has(t));
    if (widened.length > 0) {
      report(
        `${where}: the type changed from ${[...oldTypes].join('|')} to ${newTypes.size ? [...newTypes].join('|') : 'any'}`,
      );
      return;
    }
  }
  const oldProps = (oldSchema.properties ?? {}) as Record<string, Json>;
  const newProps = (newSchema.properties ?? {}) as Record<string, Json>;
  const oldRequired = new Set((oldSchema.required ?? []) as string[]);
  const newRequired = new Set((newSchema.required ?? []) as string[]);
  for (const [name, oldProp] of Object.entries(oldProps)) {
    const newProp = newProps[name];
    if (!newProp) {
      report(`${where}: the field ${name} was removed`);
      continue;
    }
    if (oldRequired.has(name) && !newRequired.has(name)) {
      report(`${where}: the field ${name} is no longer always present`);
    }
    compareResponseSchema(
      { doc: oldLocated.doc, schema: oldProp },
      { doc: newLocated.doc, schema: newProp },
      `${where} ${name}`,
      report,
      depth + 1,
    );
  }
  if (oldSchema.items && newSchema.items) {
    compareResponseSchema(
      { doc: oldLocated.doc, schema: oldSchema.items as Json },
      { doc: newLocated.doc, schema: newSchema.items as Json },
      `${where}[]`,
      report,
      depth + 1,
    );
  }
}

function compareRequest(
  oldDoc: Json,
  newDoc: Json,
  oldOp: Json,
  newOp: Json,
  report: (change: string) => void,
): void {
  const required = (op: Json) =>
    new Set(
      ((op.parameters ?? []) as Json[])
        .filter((p) => p.required === true)
        .map((p) => `${String(p.in)} parameter ${String(p.name)}`),
    );
  const oldParams = required(oldOp);
  for (const param of required(newOp)) {
    if (!oldParams.has(param)) report(`the ${param} is new and required`);
  }
  const oldBody = oldOp.requestBody as Json | undefined;
  const newBody = newOp.requestBody as Json | undefined;
  if (!newBody) return;
  if (newBody.required === true && oldBody?.required !== true) {
    report('a request body is now required');
    return;
  }
  if (!oldBody) return;
  const oldContent = (oldBody.content ?? {}) as Record<string, Json>;
  const newContent = (newBody.content ?? {}) as Record<string, Json>;
  for (const [type, newMedia] of Object.entries(newContent)) {
    const oldMedia = oldContent[type];
    if (!oldMedia) continue;
    compareRequestSchema(
      { doc: oldDoc, schema: oldMedia.schema as Json | undefined },
      { doc: newDoc, schema: newMedia.schema as Json | undefined },
      'body',
      report,
      0,
    );
  }
  if (!Object.keys(newContent).some((type) => oldContent[type])) {
    report(`the request body is no longer accepted as ${Object.keys(oldContent).join(', ')}`);
  }
}

function compareRequestSchema(
  oldLocated: Located,
  newLocated: Located,
  where: string,
  report: (change: string) => void,
  depth: number,
): void {
  const oldSchema = resolve(oldLocated);
  const newSchema = resolve(newLocated);
  if (!oldSchema || !newSchema || depth > 10) return;
  const oldRequired = new Set((oldSchema.required ?? []) as string[]);
  const oldProps = (oldSchema.properties ?? {}) as Record<string, Json>;
  const newProps = (newSchema.properties ?? {}) as Record<string, Json>;
  for (const name of (newSchema.required ?? []) as string[]) {
    if (!oldRequired.has(name)) report(`${where}: the field ${name} is new and required`);
  }
  for (const [name, newProp] of Object.entries(newProps)) {
    const oldProp = oldProps[name];
    if (!oldProp) continue;
    compareRequestSchema(
      { doc: oldLocated.doc, schema: oldProp },
      { doc: newLocated.doc, schema: newProp },
      `${where}.${name}`,
      report,
      depth + 1,
    );
  }
}

const major = (version: unknown) => Number(String(version ?? '0').split('.')[0]);

/**
 * Breaking changes are allowed only with a new major version whose CHANGELOG.md section
 * (`## <version>`) names every broken operation by its operationId.
 */
export function unrecordedBreaks(
  changes: BreakingChange[],
  releasedVersion: string,
  currentVersion: string,
  changelog: string,
): string[] {
  if (changes.length === 0) return [];
  if (major(currentVersion) <= major(releasedVersion)) {
    return [
      `breaking changes need a new major version: info.version is ${currentVersion}, the released ` +
        `document is ${releasedVersion} (API_VERSION in apps/api/src/app.ts).`,
    ];
  }
  const section = changelogSection(changelog, currentVersion);
  if (section === undefined) {
    return [`openapi/CHANGELOG.md has no section '## ${currentVersion}' recording the breaking changes.`];
  }
  const missing = [...new Set(changes.map((c) => c.operationId))].filter((id) => !section.includes(id));
  return missing.map(
    (id) => `openapi/CHANGELOG.md › ${currentVersion} does not name the broken operation ${id}.`,
  );
}

export function changelogSection(changelog: string, version: string): string | undefined {
  const lines = changelog.split('\n');
  const start = lines.findIndex((line) =>
    new RegExp(`^## \\[?${version.replaceAll('.', '\\.')}\\]?(\\s|$)`).test(line),
  );
  if (start < 0) return undefined;
  const end = lines.findIndex((line, i) => i > start && /^## /.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

if (import.meta.main) {
  const dir = join(import.meta.dirname, '..', 'openapi');
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const released = JSON.parse(read('released.json')) as Json;
  const current = JSON.parse(read('openapi.json')) as Json;
  const releasedVersion = String((released.info as Json).version);
  const currentVersion = String((current.info as Json).version);
  const changes = findBreakingChanges(released, current);
  const problems = unrecordedBreaks(changes, releasedVersion, currentVersion, read('CHANGELOG.md'));
  if (problems.length > 0) {
    console.error(
      `openapi: breaking changes against the released ${releasedVersion} (openapi/released.json):`,
    );
    for (const c of changes) console.error(`- ${c.operation}: ${c.change}`);
    for (const p of problems) console.error(p);
    process.exit(1);
  }
  console.log(
    changes.length === 0
      ? `openapi: no breaking change against the released ${releasedVersion}.`
      : `openapi: ${changes.length} breaking change(s) recorded in CHANGELOG.md under ${currentVersion}.`,
  );
}
