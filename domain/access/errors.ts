/**
 * The error catalogue of third-party access, kept as data in ./errors.json: personal access tokens and
 * their scopes (docs/decisions/0211-personal-access-tokens-and-scopes.md). Throw with `ACCESS_ERRORS.CODE()`.
 */
import { errorCatalogueOf } from '../shared/errors.ts';
import codes from './errors.json' with { type: 'json' };

export const ACCESS_ERRORS = errorCatalogueOf(codes);
