import { describe, expect, it } from 'vitest';
import { centsToDecimal, MAX_MONEY_CENTS, Money } from '#domain/shared/money.ts';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
}

describe('Money', () => {
  it.each([
    [5000, 500000],
    ['5000', 500000],
    ['12.5', 1250],
    [12.5, 1250],
    ['0.01', 1],
    [' 7.10 ', 710],
    [99_999_999.99, MAX_MONEY_CENTS],
    ['99999999.99', MAX_MONEY_CENTS],
    [0, 0],
  ])('parses %j as %i cents', (input, cents) => {
    expect(Money.parse(input).cents).toBe(cents);
  });

  it.each([
    ['12.345', 'MONEY_TOO_PRECISE'],
    [12.345, 'MONEY_TOO_PRECISE'],
    [1e-7, 'MONEY_TOO_PRECISE'],
    ['-5', 'INVALID_MONEY'],
    [-5, 'INVALID_MONEY'],
    ['abc', 'INVALID_MONEY'],
    ['1,000', 'INVALID_MONEY'],
    ['1e3', 'INVALID_MONEY'],
    [Number.NaN, 'INVALID_MONEY'],
    [Number.POSITIVE_INFINITY, 'INVALID_MONEY'],
    ['100000000', 'MONEY_TOO_LARGE'],
    [100_000_000, 'MONEY_TOO_LARGE'],
  ])('refuses %j with %s', (input, code) => {
    expect(codeOf(() => Money.parse(input))).toBe(code);
  });

  it('names the field in its message', () => {
    expect(() => Money.parse('x', 'budgetMin')).toThrow('BudgetMin must be a non-negative amount');
  });

  it('formats with two decimals', () => {
    expect(Money.parse(5000).toDecimalString()).toBe('5000.00');
    expect(Money.fromCents(1205).toDecimalString()).toBe('12.05');
    expect(JSON.stringify({ a: Money.fromCents(1) })).toBe('{"a":"0.01"}');
    expect(centsToDecimal(null)).toBeNull();
    expect(centsToDecimal(250)).toBe('2.50');
  });

  it('holds whole non-negative cents within decimal(10, 2)', () => {
    expect(codeOf(() => Money.fromCents(1.5))).toBe('INVALID_MONEY');
    expect(codeOf(() => Money.fromCents(-1))).toBe('INVALID_MONEY');
    expect(codeOf(() => Money.fromCents(MAX_MONEY_CENTS + 1))).toBe('MONEY_TOO_LARGE');
  });

  it('adds, compares and tells zero', () => {
    const a = Money.fromCents(100);
    const b = Money.fromCents(250);
    expect(a.add(b).cents).toBe(350);
    expect(a.compare(b)).toBe(-1);
    expect(b.compare(a)).toBe(1);
    expect(a.equals(Money.fromCents(100))).toBe(true);
    expect(Money.zero().isZero()).toBe(true);
    expect(a.isZero()).toBe(false);
  });
});
