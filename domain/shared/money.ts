import { REQUEST_ERRORS } from './request-errors.ts';

/** The largest amount a decimal(10, 2) column holds: 99,999,999.99. */
export const MAX_MONEY_CENTS = 9_999_999_999;

/**
 * An amount of US dollars held as whole cents, so sums never drift. It is never negative and
 * never larger than a decimal(10, 2) column allows. The API shows it as a string with 2 decimals.
 */
export class Money {
  readonly #cents: number;

  private constructor(cents: number) {
    this.#cents = cents;
  }

  static fromCents(cents: number, field = 'amount'): Money {
    if (!Number.isSafeInteger(cents) || cents < 0) {
      throw REQUEST_ERRORS.INVALID_MONEY(`${field} must be a whole, non-negative number of cents`, field);
    }
    if (cents > MAX_MONEY_CENTS) {
      throw REQUEST_ERRORS.MONEY_TOO_LARGE(`${field} must be at most 99,999,999.99`, field);
    }
    return new Money(cents);
  }

  static zero(): Money {
    return new Money(0);
  }

  /**
   * Reads a number (5000, 12.5) or a decimal string ('5000', '12.50'), with at most 2 decimal places.
   * Negative numbers, exponents, thousands separators and more than 2 decimals are refused.
   */
  static parse(value: number | string, field = 'amount'): Money {
    const label = capitalise(field);
    const invalid = () => REQUEST_ERRORS.INVALID_MONEY(`${label} must be a non-negative amount`, field);
    const tooPrecise = () =>
      REQUEST_ERRORS.MONEY_TOO_PRECISE(`${label} must have at most 2 decimal places`, field);
    const tooLarge = () => REQUEST_ERRORS.MONEY_TOO_LARGE(`${label} must be at most 99,999,999.99`, field);
    let text: string;
    if (typeof value === 'number') {
      if (!Number.isFinite(value) || value < 0) throw invalid();
      if (value * 100 > MAX_MONEY_CENTS) throw tooLarge();
      text = String(value);
      // Below 1e21 only very small numbers (such as 1e-7) print with an exponent.
      if (/e/i.test(text)) throw tooPrecise();
    } else {
      text = value.trim();
    }
    const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
    if (!match) throw invalid();
    const whole = match[1] ?? '0';
    const fraction = match[2] ?? '';
    if (fraction.length > 2) throw tooPrecise();
    if (whole.replace(/^0+/, '').length > 8) throw tooLarge();
    return Money.fromCents(Number(whole) * 100 + Number(fraction.padEnd(2, '0')), field);
  }

  get cents(): number {
    return this.#cents;
  }

  isZero(): boolean {
    return this.#cents === 0;
  }

  add(other: Money): Money {
    return Money.fromCents(this.#cents + other.#cents);
  }

  compare(other: Money): number {
    return Math.sign(this.#cents - other.#cents);
  }

  equals(other: Money): boolean {
    return this.#cents === other.#cents;
  }

  /** '5000.00': what the API shows. */
  toDecimalString(): string {
    const whole = Math.floor(this.#cents / 100);
    const fraction = String(this.#cents % 100).padStart(2, '0');
    return `${whole}.${fraction}`;
  }

  toJSON(): string {
    return this.toDecimalString();
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Formats cents as the API's decimal string, or null when there is no amount. */
export function centsToDecimal(cents: number | null): string | null {
  return cents === null ? null : Money.fromCents(cents).toDecimalString();
}

/** Formats cents for people: '$67,500.00' (thousands separators, two decimals). */
export function formatUsd(cents: number): string {
  const negative = cents < 0;
  const [whole, fraction] = Money.fromCents(Math.abs(cents)).toDecimalString().split('.') as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${fraction}`;
}
