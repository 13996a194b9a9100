/** What every Profile tab shares: the shell's callbacks it needs, failure toasts, a country's name, a facts list. */

import type { RemoteProps } from '@buildbid/api-client';
import { findCountry } from '@buildbid/domain/catalog';
import { reportFailure } from '@buildbid/ui';
import { type ReactNode, useEffect, useRef } from 'react';

export type Shell = Pick<RemoteProps, 'toast' | 'navigate' | 'refreshUser'>;

export function countryName(code: string): string {
  return findCountry(code)?.name ?? code;
}

/** The spec's failure handling: 401 → 'Unauthorized' then /api/login after 500 ms; else 'Error'. */
export function useFailureReporter(shell: Shell) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (error: unknown, describe?: (error: unknown) => string) => {
    timer.current = reportFailure(error, shell, describe ? { describe } : {}) ?? timer.current;
  };
}

/** A read-only list of labelled facts (`<dl>`), one `[term, value]` pair per row. */
export function Facts({
  className,
  rows,
}: {
  className: 'profile-readonly' | 'profile-facts';
  rows: ReadonlyArray<readonly [ReactNode, ReactNode]>;
}) {
  return (
    <dl className={className}>
      {rows.map(([term, value], i) => (
        <div key={i}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
