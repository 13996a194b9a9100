import { describe, expect, it } from 'vitest';
import { ScryptPasswordHasher } from '#adapters/security/scrypt-password-hasher.ts';

describe('ScryptPasswordHasher', () => {
  const hasher = new ScryptPasswordHasher(2 ** 10);

  it('verifies the right password and refuses others', async () => {
    const hash = await hasher.hash('correct-horse');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(hash).not.toContain('correct-horse');
    expect(await hasher.verify('correct-horse', hash)).toBe(true);
    expect(await hasher.verify('correct-horsE', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hasher.hash('same')).not.toBe(await hasher.hash('same'));
  });

  it('reads the cost from the stored hash, so old hashes keep working after a change', async () => {
    const old = await new ScryptPasswordHasher(2 ** 11).hash('pw123456');
    expect(await hasher.verify('pw123456', old)).toBe(true);
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await hasher.verify('x', 'plain-text')).toBe(false);
  });
});
