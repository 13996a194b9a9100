/** The Notifications tab: email notifications on or off. */
import type { ApiUser } from '@buildbid/api-client';
import { ToggleSwitch } from '@buildbid/ui';
import { useEffect, useState } from 'react';
import { updateMe } from '../api.ts';
import { type Shell, useFailureReporter } from './shared.tsx';

export function NotificationsTab({ user, shell }: { user: ApiUser; shell: Shell }) {
  const [enabled, setEnabled] = useState(user.emailNotifications);
  const [pending, setPending] = useState(false);
  const report = useFailureReporter(shell);
  useEffect(() => setEnabled(user.emailNotifications), [user.emailNotifications]);

  async function change(on: boolean) {
    setEnabled(on);
    setPending(true);
    try {
      await updateMe({ emailNotifications: on });
    } catch (error) {
      setEnabled(!on);
      setPending(false);
      report(error, () => 'Failed to update notification preferences.');
      return;
    }
    setPending(false);
    shell.toast({
      title: 'Notifications Updated',
      description: `Email notifications ${on ? 'enabled' : 'disabled'}.`,
    });
    await shell.refreshUser();
  }

  return (
    <div className="profile-tab">
      <h2 className="card-title">Notifications</h2>
      <ToggleSwitch
        isSelected={enabled}
        isDisabled={pending}
        onChange={(on) => void change(on)}
        description="New bids, messages and projects matching your specialties."
      >
        Email notifications
      </ToggleSwitch>
    </div>
  );
}
