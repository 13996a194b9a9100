/**
 * What every Profile tab shares: the shell's callbacks it needs, a change saved at once, a country's name,
 * a facts list.
 */

import type { RemoteProps, ToastInput } from '@buildbid/api-client';
import { findCountry } from '@buildbid/domain/catalog';
import { useReportFailure } from '@buildbid/ui';
import type { ReactNode } from 'react';
import { type ProfilePatch, updateMe } from '../api.ts';

export type Shell = Pick<RemoteProps, 'toast' | 'navigate' | 'refreshUser'>;

export function countryName(code: string): string {
  return findCountry(code)?.name ?? code;
}

/**
 * A switch's change saved at once (PATCH /api/users/me), as the Services and Notifications tabs do: the
 * switch shows the change first; `settle` ends the wait either way. A failure puts the switch back
 * (`revert`) and toasts `failure` (or the 401's 'Unauthorized'); a success toasts `success`, then the shell
 * reads the user again.
 */
export function useSaveNow(shell: Shell) {
  const report = useReportFailure(shell);
  return async (
    patch: ProfilePatch,
    on: { revert(): void; settle(): void; failure: string; success: ToastInput },
  ): Promise<void> => {
    try {
      await updateMe(patch);
    } catch (error) {
      on.revert();
      on.settle();
      report(error, { describe: () => on.failure });
      return;
    }
    on.settle();
    shell.toast(on.success);
    await shell.refreshUser();
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
