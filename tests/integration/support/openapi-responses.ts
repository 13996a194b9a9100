import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks real answers against the OpenAPI document: every response an API test receives through
 * `app.inject` must be documented for its operation and status, and a JSON body must match that
 * response's schema (docs/api.md › "Answers are checked against the document").
 */
type Json = Record<string, unknown>;

interface Operation {
  path: string;
  method: string;
  op: Json;
}

interface PathMatcher {
  path: string;
  pattern: RegExp;
  /** Literal segments first: `/api/users/me/bids` wins over `/api/users/{id}/badges`. */
  literals: number;
  item: Record<string, Json>;
}

const DOCUMENT_ID = 'openapi.json';

export class ResponseValidator {
  readonly #ajv: Ajv2020;
  readonly #paths: PathMatcher[];
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(document: Json) {
    this.#ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(this.#ajv);
    this.#ajv.addFormat('binary', true);
    this.#ajv.addSchema(structuredClone(document), DOCUMENT_ID);
    this.#paths = Object.entries((document.paths ?? {}) as Record<string, Record<string, Json>>)
      .map(([path, item]) => {
        const segments = path.split('/');
        const pattern = segments
          .map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/');
        return {
          path,
          item,
          pattern: new RegExp(`^${pattern}$`),
          literals: segments.filter((s) => s !== '' && !s.startsWith('{')).length,
        };
      })
      .sort((a, b) => b.literals - a.literals);
  }

  /** The documented operation a request reaches, or undefined for what the document does not cover. */
  operation(method: string, url: string): Operation | undefined {
    const path = decodePath(url.split('?')[0] ?? '/');
    const lower = method.toLowerCase();
    for (const matcher of this.#paths) {
      if (!matcher.pattern.test(path)) continue;
      const op = matcher.item[lower];
      return op ? { path: matcher.path, method: lower, op } : undefined;
    }
    return undefined;
  }

  /** What is wrong with this answer, or an empty list. */
  check(
    method: string,
    url: string,
    response: { statusCode: number; headers: Record<string, unknown>; body: string },
  ): string[] {
    const found = this.operation(method, url);
    if (!found) return [];
    const { op, path } = found;
    const name = `${String(op.operationId)} (${method.toUpperCase()} ${path})`;
    const status = String(response.statusCode);
    const responses = (op.responses ?? {}) as Record<string, Json>;
    const key = [status, `${status[0]}XX`, 'default'].find((k) => responses[k]);
    if (!key) {
      return [
        `${name} answered ${status}, which the OpenAPI document does not list. Document it: ` +
          'operation({ errors }) for an error, the route schema for a success (docs/api.md).',
      ];
    }
    const content = responses[key]?.content as Record<string, Json> | undefined;
    const type = String(response.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    if (!content || response.body === '') {
      return [];
    }
    const mediaType = Object.keys(content).find(
      (t) => t === type || t === '*/*' || t === `${type?.split('/')[0]}/*`,
    );
    if (!mediaType) {
      return [
        `${name} answered ${status} as ${type}, but the document lists ${Object.keys(content).join(', ')}`,
      ];
    }
    if (!mediaType.includes('json')) return [];
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return [`${name} answered ${status} with a body that is not JSON`];
    }
    const pointer = ['paths', path, found.method, 'responses', key, 'content', mediaType, 'schema']
      .map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1')))
      .join('/');
    let validate = this.#compiled.get(pointer);
    if (!validate) {
      validate = this.#ajv.getSchema(`${DOCUMENT_ID}#/${pointer}`);
      if (!validate) return [`${name}: no schema at ${pointer}`];
      this.#compiled.set(pointer, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) =>
        `${name} answered ${status} with a body that breaks its schema: ${e.instancePath || '(body)'} ${e.message}` +
        (e.params && Object.keys(e.params).length > 0 ? ` ${JSON.stringify(e.params)}` : ''),
    );
  }
}

function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
