/**
 * Turning a non-OK answer into an Error (accounts-and-shell section 8): the server's `message`
 * when the body carries one, otherwise '{status}: {body text}', or the status text when the body is empty.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;
  /** True when `message` is the server's own `message` field (not the '{status}: {body}' fallback). */
  readonly fromServer: boolean;

  constructor(message: string, status: number, code?: string, field?: string, fromServer = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.fromServer = fromServer;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `body` is what openapi-fetch hands back as `error`: parsed JSON, the raw text, or undefined when empty. */
export function toApiError(response: Pick<Response, 'status' | 'statusText'>, body: unknown): ApiError {
  if (isRecord(body) && typeof body.message === 'string' && body.message !== '') {
    return new ApiError(
      body.message,
      response.status,
      typeof body.code === 'string' ? body.code : undefined,
      typeof body.field === 'string' ? body.field : undefined,
      true,
    );
  }
  let text = '';
  if (typeof body === 'string') text = body;
  else if (body !== undefined && body !== null) text = JSON.stringify(body);
  const detail = text.trim() !== '' ? text : response.statusText;
  return new ApiError(detail ? `${response.status}: ${detail}` : String(response.status), response.status);
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Awaits an openapi-fetch call and returns its data, or throws the ApiError of a non-OK answer.
 * A 204 answer resolves to undefined.
 */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw toApiError(response, error);
  return data as T;
}

/** True when the error is an answer with the given HTTP status. */
export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/** The server's message of a failed call, or `fallback` (network errors, bodies without a message). */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}
