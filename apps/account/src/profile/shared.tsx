/** What every Profile tab shares: the shell's callbacks it needs, failure toasts, a country's name. */

import type { RemoteProps } from '@buildbid/api-client';
import { findCountry } from '@buildbid/domain/catalog';
import { reportFailure } from '@buildbid/ui';
import { useEffect, useRef } from 'react';

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
