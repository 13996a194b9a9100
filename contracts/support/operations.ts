/**
 * Which API operations each frontend calls (read from its source), and which ones its pact covers
 * (read from the committed pact file). contracts/coverage.test.ts compares the two.
 *
 * A call is the typed client's `X.GET('/api/...')` (also POST, PUT, PATCH, DELETE; `/oauth/...` for the
 * consent page's calls) with the path template of openapi/schema.d.ts as its literal first argument: the
 * only way the frontends reach the API.
 * A frontend's calls are those in its own `apps/<name>/src`, plus, for code it imports from outside its
 * folder (a workspace package, another app), the calls inside the exported functions it imports by name.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { CONSUMERS, type FrontendName, PROVIDER, pactFileOf } from './contract.ts';

export const ROOT = join(import.meta.dirname, '..', '..');

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
// The API's paths start /api/, but for the OAuth consent page's calls, which live under its own path (decision 0213).
const CALL = /\.(GET|POST|PUT|PATCH|DELETE)\(\s*['"`](\/(?:api|oauth)\/[^'"`]*)['"`]/g;
const EXPORTED =
  /export\s+(?:default\s+)?(?:async\s+)?(?:function\s*\*?\s*(\w+)|(?:const|let)\s+(\w+)\s*[=:])/g;
const IMPORT = /import\s+(?:type\s+)?([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/g;

/** 'GET /api/projects/{id}' */
export type Operation = string;

export interface Call {
  operation: Operation;
  file: string;
  line: number;
  /** The exported function the call sits in, if any. */
  exportedIn: string | null;
}

function isSource(name: string): boolean {
  return /\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts');
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'test' || name === '__tests__') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (isSource(name)) out.push(path);
  }
  return out;
}

/** Every folder that holds frontend code: the five apps and the workspace packages. */
function frontendCodeDirs(): string[] {
  const apps = Object.keys(CONSUMERS).map((name) => join(ROOT, 'apps', name, 'src'));
  const packagesDir = join(ROOT, 'packages');
  const packages = existsSync(packagesDir)
    ? readdirSync(packagesDir).map((name) => join(packagesDir, name))
    : [];
  return [...apps, ...packages, join(ROOT, 'openapi', 'src')];
}

/** The API calls in one file, each with the exported function it sits in. */
export function callsIn(file: string): Call[] {
  const source = readFileSync(file, 'utf8');
  const exports = [...source.matchAll(EXPORTED)].map((m) => ({ index: m.index, name: m[1] ?? m[2] ?? '' }));
  return [...source.matchAll(CALL)].map((m) => {
    const enclosing = exports.filter((e) => e.index < m.index).at(-1);
    return {
      operation: `${m[1]} ${m[2]}`,
      file: relative(ROOT, file),
      line: source.slice(0, m.index).split('\n').length,
      exportedIn: enclosing?.name ?? null,
    };
  });
}

/** The names an import clause brings in: `{ a, b as c, type D }`, a default or a namespace name. */
function importedNames(clause: string): string[] {
  return [...clause.matchAll(/(\w+)(?:\s+as\s+\w+)?/g)]
    .map((m) => m[1] ?? '')
    .filter((name) => name !== '' && name !== 'type' && name !== 'as');
}

/** Names a file imports from outside `appDir` (bare specifiers and relative paths that leave the app). */
function externalImports(file: string, appDir: string | null): Set<string> {
  const names = new Set<string>();
  for (const [, clause = '', specifier = ''] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    if (appDir && specifier.startsWith('.')) {
      const target = resolve(dirname(file), specifier);
      if (target === appDir || target.startsWith(appDir + sep)) continue;
    }
    for (const name of importedNames(clause)) names.add(name);
  }
  return names;
}

/** The names a file exports. */
function exportedNames(file: string): Set<string> {
  return new Set([...readFileSync(file, 'utf8').matchAll(EXPORTED)].map((m) => m[1] ?? m[2] ?? ''));
}

/**
 * The operations a frontend calls, with where (for the failure message). Shared code counts through the
 * names the frontend imports, followed transitively: a dialog imported from a package brings the calls
 * of the functions that dialog's file imports.
 */
export function operationsCalledBy(frontend: FrontendName): Map<Operation, Call[]> {
  const appDir = join(ROOT, 'apps', frontend, 'src');
  const own = sourceFiles(appDir);
  const imported = new Set<string>();
  for (const file of own) for (const name of externalImports(file, appDir)) imported.add(name);

  const external = frontendCodeDirs()
    .filter((dir) => dir !== appDir)
    .flatMap(sourceFiles)
    .map((file) => ({ file, exports: exportedNames(file) }));
  const used = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const { file, exports } of external) {
      if (used.has(file) || ![...exports].some((name) => imported.has(name))) continue;
      used.add(file);
      grew = true;
      for (const name of externalImports(file, null)) imported.add(name);
    }
  }

  const calls: Call[] = own.flatMap(callsIn);
  for (const file of used) {
    for (const call of callsIn(file)) {
      if (call.exportedIn && imported.has(call.exportedIn)) calls.push(call);
    }
  }
  const byOperation = new Map<Operation, Call[]>();
  for (const call of calls)
    byOperation.set(call.operation, [...(byOperation.get(call.operation) ?? []), call]);
  return byOperation;
}

/** The API's path templates (openapi/openapi.json), literal ones first so /me wins over /{id}. */
function pathTemplates(): string[] {
  const document = JSON.parse(readFileSync(join(ROOT, 'openapi', 'openapi.json'), 'utf8')) as {
    paths: Record<string, unknown>;
  };
  const params = (t: string) => (t.match(/\{/g) ?? []).length;
  return Object.keys(document.paths).sort((a, b) => params(a) - params(b));
}

/** The documented statuses of each operation. */
interface OperationResponse {
  content?: Record<string, { schema?: { allOf?: { properties?: { code?: { enum?: string[] } } }[] } }>;
}

const CROSS_CUTTING = new Set(['ORIGIN_FORBIDDEN', 'DATABASE_UNAVAILABLE', 'INVALID_TOKEN']);

function onlyCrossCutting(response: OperationResponse): boolean {
  const codes = response.content?.['application/json']?.schema?.allOf?.[1]?.properties?.code?.enum;
  return Array.isArray(codes) && codes.length > 0 && codes.every((code) => CROSS_CUTTING.has(code));
}

export function documentedStatuses(): Map<Operation, string[]> {
  const document = JSON.parse(readFileSync(join(ROOT, 'openapi', 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { responses?: Record<string, OperationResponse> }>>;
  };
  const out = new Map<Operation, string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!(HTTP_METHODS as readonly string[]).includes(method.toUpperCase())) continue;
      // The answers every route of a kind gives (403 ORIGIN_FORBIDDEN, 503 DATABASE_UNAVAILABLE: the
      // origin check and outages, docs/security.md; a public route's 401 INVALID_TOKEN: a bad bearer token,
      // decision 0211, which no frontend sends) are not the operation's own errors.
      const own = Object.entries(operation.responses ?? {}).filter(
        ([, response]) => !onlyCrossCutting(response),
      );
      out.set(
        `${method.toUpperCase()} ${path}`,
        own.map(([status]) => status),
      );
    }
  }
  return out;
}

/** The template a concrete request path belongs to, e.g. /api/projects/abc → /api/projects/{id}. */
export function templateOf(path: string, templates: readonly string[]): string | null {
  for (const template of templates) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(path)) return template;
  }
  return null;
}

export interface PactInteraction {
  description: string;
  operation: Operation;
  status: number;
}

/** The interactions of a frontend's committed pact, by operation. */
export function interactionsOf(frontend: FrontendName): PactInteraction[] {
  const file = pactFileOf(CONSUMERS[frontend]);
  if (!existsSync(file)) return [];
  const pact = JSON.parse(readFileSync(file, 'utf8')) as {
    consumer: { name: string };
    provider: { name: string };
    interactions: {
      description: string;
      request: { method: string; path: string };
      response: { status: number };
    }[];
  };
  if (pact.provider.name !== PROVIDER || pact.consumer.name !== CONSUMERS[frontend]) {
    throw new Error(`${file} is not the pact between ${CONSUMERS[frontend]} and ${PROVIDER}`);
  }
  const templates = pathTemplates();
  return pact.interactions.map((interaction) => ({
    description: interaction.description,
    operation: `${interaction.request.method.toUpperCase()} ${
      templateOf(interaction.request.path, templates) ?? interaction.request.path
    }`,
    status: interaction.response.status,
  }));
}
