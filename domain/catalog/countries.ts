/**
 * The country catalogue (accounts-and-shell section 3): 69 countries of the Americas and
 * Europe plus Australia and New Zealand. One source for the server's checks and the frontends' pickers.
 * The lists are data, in ./countries.json.
 */
import lists from './countries.json' with { type: 'json' };

export interface Country {
  readonly code: string;
  readonly name: string;
  readonly flag: string;
}

export const COUNTRIES: readonly Country[] = lists.countries;

/** The registration form's Country options, in the spec's order (section 2, Registration). */
export const REGISTRATION_COUNTRY_CODES = ['US', 'CA', 'BS', 'MX', 'GB', 'AU'] as const;

export const DEFAULT_USER_COUNTRY = 'US';

const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));

export function isCountryCode(code: string): boolean {
  return byCode.has(code);
}

export function findCountry(code: string): Country | undefined {
  return byCode.get(code);
}

/** The post form's Country options, in order (projects-and-bids section 3). BS is the default. */
export const POST_FORM_COUNTRY_CODES = ['BS', 'US', 'CA', 'GB', 'MX'] as const;

export const DEFAULT_PROJECT_COUNTRY = 'BS';

/**
 * The second, 10-entry country catalogue of projects-and-bids section 3, kept as the spec lists it.
 * Note that it says UK where the main catalogue (and ISO 3166) says GB; projects store GB.
 */
export const SHORT_COUNTRY_LIST: readonly Country[] = lists.shortList;
