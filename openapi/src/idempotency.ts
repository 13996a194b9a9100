/**
 * Idempotency-Key values for the posts that create things (POST /api/projects, POST
 * /api/projects/{id}/bids). Keep one key while the same form is retried, and take a new one when the form
 * changes or succeeded: a retry after a lost answer then gets the first answer instead of posting twice.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  // Outside a secure context randomUUID is missing; 16 random bytes as hex are as good a key.
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A key held across retries of one unchanged submission. */
export class SubmissionKey {
  #key = newIdempotencyKey();
  #basis: string | undefined;

  /** The key for a submission of `basis` (e.g. the form as JSON): the same key while the basis is unchanged. */
  for(basis: string): string {
    if (this.#basis !== undefined && this.#basis !== basis) this.#key = newIdempotencyKey();
    this.#basis = basis;
    return this.#key;
  }

  /** After a success: the next submission is a new request. */
  renew(): void {
    this.#key = newIdempotencyKey();
    this.#basis = undefined;
  }
}
