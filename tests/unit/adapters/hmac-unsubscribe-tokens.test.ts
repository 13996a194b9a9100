import { describe, expect, it } from 'vitest';
import { HmacUnsubscribeTokens } from '#adapters/security/hmac-unsubscribe-tokens.ts';

describe('HmacUnsubscribeTokens', () => {
  const tokens = new HmacUnsubscribeTokens(Buffer.alloc(32, 1));
  const id = '0b9c2e7a-3f1d-4c55-9a7e-2f6d8c1b4e90';

  it('verifies its own tokens and nothing else', () => {
    const token = tokens.issue(id);
    expect(tokens.verify(token)).toBe(id);
    expect(new HmacUnsubscribeTokens(Buffer.alloc(32, 2)).verify(token)).toBeNull();
    const [head, sig] = token.split('.') as [string, string];
    expect(tokens.verify(`${Buffer.from('someone-else').toString('base64url')}.${sig}`)).toBeNull();
    expect(tokens.verify(`${head}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    for (const bad of ['', '.', 'abc', `${head}.`, `${head}.${sig}.x`]) expect(tokens.verify(bad)).toBeNull();
  });
});
