import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACCESS_ERRORS } from '#domain/access/errors.ts';
import { BID_ERRORS } from '#domain/bid/errors.ts';
import { CATALOG_ERRORS } from '#domain/catalog/errors.ts';
import { MESSAGE_ERRORS } from '#domain/message/errors.ts';
import { NOTIFICATION_ERRORS } from '#domain/notification/errors.ts';
import { OAUTH_ERRORS } from '#domain/oauth/errors.ts';
import { PROJECT_ERRORS } from '#domain/project/errors.ts';
import { REVIEW_ERRORS } from '#domain/review/errors.ts';
import { SAFETY_ERRORS } from '#domain/safety/errors.ts';
import type { ErrorCode } from '#domain/shared/error-codes.ts';
import { DomainError } from '#domain/shared/errors.ts';
import { HTTP_ONLY_ERROR_CODES, REQUEST_ERRORS } from '#domain/shared/request-errors.ts';
import { SUBSCRIPTION_ERRORS } from '#domain/subscription/errors.ts';
import { USER_ERRORS } from '#domain/user/errors.ts';
import { WEBHOOK_ERRORS } from '#domain/webhook/errors.ts';

const CATALOGUES = {
  PROJECT_ERRORS,
  BID_ERRORS,
  USER_ERRORS,
  SUBSCRIPTION_ERRORS,
  MESSAGE_ERRORS,
  REVIEW_ERRORS,
  NOTIFICATION_ERRORS,
  CATALOG_ERRORS,
  REQUEST_ERRORS,
  ACCESS_ERRORS,
  OAUTH_ERRORS,
  WEBHOOK_ERRORS,
  SAFETY_ERRORS,
};

/** Every `code` enum value of the OpenAPI document's error answers. */
function documentedCodes(): Set<string> {
  const codes = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'code' && value && typeof value === 'object' && 'enum' in value) {
          for (const code of (value as { enum: string[] }).enum) codes.add(code);
        }
        walk(value);
      }
    }
  };
  walk(JSON.parse(readFileSync(new URL('../../../openapi/openapi.json', import.meta.url), 'utf8')));
  return codes;
}

describe('the error catalogues and ErrorCode', () => {
  const catalogued = Object.values(CATALOGUES).flatMap((c) => Object.keys(c));

  it('name every code the API documents, each in one catalogue; the rest are rules no route answers with', () => {
    expect(new Set(catalogued).size).toBe(catalogued.length);
    const documented = documentedCodes();
    const named = new Set([...catalogued, ...HTTP_ONLY_ERROR_CODES]);
    expect([...documented].filter((code) => !named.has(code))).toEqual([]);
    expect([...named].filter((code) => !documented.has(code)).sort()).toEqual([
      'INVALID_LIMIT',
      'INVALID_RATING_SUMMARY',
      'INVALID_UNSUBSCRIBE_TOKEN',
      'MESSAGE_TOO_LONG',
      'QUESTION_NOT_ON_PROJECT',
      'UNKNOWN_SUBSCRIPTION_STATUS',
      'UNKNOWN_TIME_ZONE',
    ]);
  });

  it('build a DomainError of the code, with the catalogue message unless one is given', () => {
    const error = PROJECT_ERRORS.PROJECT_NOT_FOUND();
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: 'not_found',
      code: 'PROJECT_NOT_FOUND',
      message: 'Project not found',
    });
    expect(USER_ERRORS.USER_NOT_FOUND('No user with id x', 'userId')).toMatchObject({
      kind: 'not_found',
      code: 'USER_NOT_FOUND',
      message: 'No user with id x',
      field: 'userId',
    });
    for (const catalogue of Object.values(CATALOGUES)) {
      for (const [code, build] of Object.entries(catalogue) as [string, (m?: string) => DomainError][]) {
        expect(build('m').code).toBe(code);
      }
    }
  });

  it('is a union of the codes: a misspelt one does not typecheck', () => {
    const code: ErrorCode = 'PROJECT_NOT_FOUND';
    // @ts-expect-error: no such code
    const misspelt: ErrorCode = 'PROJECT_NOT_FOUNDD';
    expect([code, misspelt]).toHaveLength(2);
  });
});
