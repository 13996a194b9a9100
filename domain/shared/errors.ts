/**
 * Typed errors for broken rules. Every error carries a stable string `code` that callers can
 * rely on, and a `kind` that the HTTP layer maps to a status in one place.
 * The domain and application layers throw these; they never know about HTTP.
 */
export type ErrorKind =
  | 'invalid' // 400: the input breaks a rule
  | 'unauthenticated' // 401: nobody is signed in, or the credentials are wrong
  | 'forbidden' // 403: signed in, but not allowed
  | 'not_found' // 404
  | 'conflict' // 409: the current state does not allow it
  | 'too_large' // 413
  | 'rate_limited'; // 429

export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
  readonly code: string;
  /** The input field the error is about, when there is one. */
  readonly field: string | undefined;

  constructor(code: string, message: string, field?: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.field = field;
  }
}

/** The base of the errors of one kind: the class names the kind, the kind maps to the HTTP status. */
function errorOfKind<const K extends ErrorKind>(kind: K) {
  abstract class OfKind extends DomainError {
    readonly kind = kind;
  }
  return OfKind;
}

export class ValidationError extends errorOfKind('invalid') {}
export class AuthenticationError extends errorOfKind('unauthenticated') {}
export class PermissionError extends errorOfKind('forbidden') {}
export class NotFoundError extends errorOfKind('not_found') {}
export class ConflictError extends errorOfKind('conflict') {}
export class TooLargeError extends errorOfKind('too_large') {}

export class RateLimitError extends errorOfKind('rate_limited') {
  /** Whole seconds until a retry can succeed, when the rule knows (the answer's Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: string, message: string, retryAfterSeconds?: number) {
    super(code, message);
    this.retryAfterSeconds =
      retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

const ERROR_CLASSES = {
  invalid: ValidationError,
  unauthenticated: AuthenticationError,
  forbidden: PermissionError,
  not_found: NotFoundError,
  conflict: ConflictError,
  too_large: TooLargeError,
  rate_limited: RateLimitError,
} as const;

/** One code of an error catalogue: its kind, and the message the API answers with unless the throw site gives one. */
export type ErrorSpec = readonly [kind: ErrorKind, message?: string];

/** What a throw site may add to a catalogued error: its own message (a detail), and the input field. */
interface ErrorDetails {
  message?: string;
  field?: string;
}

/**
 * Builds a DomainError of one code: `()`, `(message)`, `(message, field)` or `({ field })`. The message
 * is the catalogue's unless given; a code catalogued without one needs it at every throw site.
 */
export type ErrorFactory<S extends ErrorSpec> = S extends readonly [ErrorKind, string]
  ? (message?: string | ErrorDetails, field?: string) => ErrorOfKind[S[0]]
  : (message: string | (ErrorDetails & { message: string }), field?: string) => ErrorOfKind[S[0]];

/** The error class of each kind. */
type ErrorOfKind = { [K in keyof typeof ERROR_CLASSES]: InstanceType<(typeof ERROR_CLASSES)[K]> };

/**
 * An error catalogue (one per context, domain/<context>/errors.ts): each code is written once, with its
 * kind and message, and thrown as `CATALOGUE.CODE()`. The codes of all catalogues make ErrorCode
 * (./error-codes.ts).
 */
export function errorCatalogue<const S extends Record<string, ErrorSpec>>(
  specs: S,
): { readonly [C in keyof S]: ErrorFactory<S[C]> } {
  const factories: Record<string, (message?: string | ErrorDetails, field?: string) => DomainError> = {};
  for (const [code, [kind, defaultMessage]] of Object.entries(specs)) {
    factories[code] = (details, field) => {
      const given = typeof details === 'object' ? details : { message: details, field };
      const message = given.message ?? defaultMessage ?? code;
      return kind === 'rate_limited'
        ? new RateLimitError(code, message)
        : new ERROR_CLASSES[kind](code, message, given.field);
    };
  }
  return factories as { readonly [C in keyof S]: ErrorFactory<S[C]> };
}

/**
 * A catalogue as data (domain/<context>/errors.json): the codes by kind, each with the message the API
 * answers with, or null where every throw site gives its own.
 */
export type CatalogueData = { readonly [K in ErrorKind]?: Readonly<Record<string, string | null>> };

type KindsOf<D extends CatalogueData> = keyof D & ErrorKind;

/** The ErrorSpec of each code of a CatalogueData. */
export type SpecsOf<D extends CatalogueData> = {
  readonly [C in { [K in KindsOf<D>]: keyof D[K] }[KindsOf<D>]]: {
    [K in KindsOf<D>]: C extends keyof D[K]
      ? D[K][C] extends string
        ? readonly [K, string]
        : readonly [K]
      : never;
  }[KindsOf<D>];
};

/** errorCatalogue of a catalogue kept as data, grouped by kind. */
export function errorCatalogueOf<const D extends CatalogueData>(
  data: D,
): { readonly [C in keyof SpecsOf<D>]: ErrorFactory<SpecsOf<D>[C]> } {
  const specs: Record<string, ErrorSpec> = {};
  for (const [kind, codes] of Object.entries(data) as [ErrorKind, Record<string, string | null>][]) {
    for (const [code, message] of Object.entries(codes))
      specs[code] = message === null ? [kind] : [kind, message];
  }
  return errorCatalogue(specs) as { readonly [C in keyof SpecsOf<D>]: ErrorFactory<SpecsOf<D>[C]> };
}
