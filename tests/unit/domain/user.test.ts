import { describe, expect, it } from 'vitest';
import { PermissionError, ValidationError } from '#domain/shared/errors.ts';
import { checkPasswordPolicy, normalizeEmail, User } from '#domain/user/user.ts';

const now = new Date('2026-11-21T12:00:00Z');
const register = (extra: Partial<Parameters<typeof User.register>[0]> = {}) =>
  User.register({ id: 'u1', email: 'ann@example.com', passwordHash: 'h', now, ...extra });

describe('User', () => {
  it('defaults to the client role, country US and the free tier', () => {
    const user = register();
    expect(user.role).toBe('client');
    expect(user.country).toBe('US');
    expect(user.subscriptionTier).toBe('free');
    expect(user.toSnapshot()).toMatchObject({
      emailNotifications: true,
      ratingHundredths: 0,
      reviewCount: 0,
    });
  });

  it('normalises emails: trimmed and lower case', () => {
    expect(normalizeEmail('  Ann.Smith@Example.COM ')).toBe('ann.smith@example.com');
    expect(register({ email: ' ANN@example.com' }).email).toBe('ann@example.com');
  });

  it.each(['', 'ann', 'ann@', '@example.com', 'ann@example', 'a b@example.com'])(
    'rejects the email %j',
    (email) => {
      expect(() => normalizeEmail(email)).toThrowError(ValidationError);
      expect(() => normalizeEmail(email)).toThrow('Invalid email address');
    },
  );

  it('needs passwords of at least 8 characters (NIST SP 800-63B), counted as code points', () => {
    expect(() => checkPasswordPolicy('1234567')).toThrow('Password must be at least 8 characters');
    expect(() => checkPasswordPolicy('12345678')).not.toThrow();
    // Seven emoji are fourteen UTF-16 units but seven characters.
    expect(() => checkPasswordPolicy('🔑'.repeat(7))).toThrow('Password must be at least 8 characters');
    expect(() => checkPasswordPolicy('🔑'.repeat(8))).not.toThrow();
  });

  it('allows long passphrases: 64 characters and more, up to 256', () => {
    expect(() => checkPasswordPolicy('p'.repeat(64))).not.toThrow();
    expect(() => checkPasswordPolicy('🔑'.repeat(256))).not.toThrow();
    expect(() => checkPasswordPolicy('p'.repeat(257))).toThrow('Password must be at most 256 characters');
  });

  it('refuses a password of only spaces, but keeps spaces inside a password', () => {
    expect(() => checkPasswordPolicy('        ')).toThrow('Password cannot be only spaces');
    expect(() => checkPasswordPolicy('\t \n     ')).toThrow('Password cannot be only spaces');
    expect(() => checkPasswordPolicy(' open sesame ')).not.toThrow();
  });

  it('does not let anyone register as admin', () => {
    expect(() => register({ role: 'admin' })).toThrow(PermissionError);
    expect(() => register({ role: 'boss' })).toThrow(ValidationError);
    expect(register({ role: 'vendor' }).role).toBe('vendor');
  });

  it('checks the country against the catalogue', () => {
    expect(register({ country: 'bs' }).country).toBe('BS');
    expect(() => register({ country: 'XX' })).toThrow("Unknown country code 'XX'");
  });

  it('is named by first and last name, or by email without them', () => {
    expect(register({ firstName: ' Ann ', lastName: 'Smith' }).name).toBe('Ann Smith');
    expect(register({ firstName: 'Ann' }).name).toBe('Ann');
    expect(register({ firstName: '  ' }).name).toBe('ann@example.com');
  });

  it('switches itself among client, contractor and vendor, never to admin', () => {
    const user = register();
    const later = new Date('2026-11-22T00:00:00Z');
    user.changeOwnRole('contractor', later);
    expect(user.role).toBe('contractor');
    expect(user.toSnapshot().updatedAt).toEqual(later);
    expect(() => user.changeOwnRole('admin', later)).toThrow(PermissionError);
    expect(() => user.changeOwnRole('owner', later)).toThrow(ValidationError);
    expect(user.role).toBe('contractor');
  });

  it('takes any of the four roles from an admin', () => {
    const user = register();
    user.assignRole('admin', now);
    expect(user.isAdmin).toBe(true);
    expect(() => user.assignRole('root', now)).toThrow(ValidationError);
  });

  it('round-trips through a snapshot without sharing state', () => {
    const user = register({ firstName: 'Ann' });
    const snapshot = user.toSnapshot();
    snapshot.services.push('plumbing');
    expect(User.restore(user.toSnapshot()).toSnapshot()).toEqual(user.toSnapshot());
    expect(user.toSnapshot().services).toEqual([]);
  });
});
