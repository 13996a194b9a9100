import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, SubmissionKey } from '#openapi/idempotency.ts';

describe('Idempotency-Key values', () => {
  it('are new each time and fit the header (1..100 visible ASCII characters)', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{1,100}$/);
  });

  it('a submission keeps its key while retried unchanged, and gets a new one when it changes or succeeded', () => {
    const submission = new SubmissionKey();
    const first = submission.for('{"title":"Deck"}');
    expect(submission.for('{"title":"Deck"}')).toBe(first);
    const changed = submission.for('{"title":"Deck and stairs"}');
    expect(changed).not.toBe(first);
    submission.renew();
    expect(submission.for('{"title":"Deck and stairs"}')).not.toBe(changed);
  });
});
