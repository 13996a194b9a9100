/** The Notifications tab: email notifications on or off. */
import type { ApiUser } from '@buildbid/api-client';
import { ToggleSwitch } from '@buildbid/ui';
import { useEffect, useState } from 'react';
import { type Shell, useSaveNow } from './shared.tsx';

export function NotificationsTab({ user, shell }: { user: ApiUser; shell: Shell }) {
  const [enabled, setEnabled] = useState(user.emailNotifications);
  const [pending, setPending] = useState(false);
  const saveNow = useSaveNow(shell);
  useEffect(() => setEnabled(user.emailNotifications), [user.emailNotifications]);

  async function change(on: boolean) {
    setEnabled(on);
    setPending(true);
    await saveNow(
      { emailNotifications: on },
      {
        revert: () => setEnabled(!on),
        settle: () => setPending(false),
        failure: 'Failed to update notification preferences.',
        success: {
          title: 'Notifications Updated',
          description: `Email notifications ${on ? 'enabled' : 'disabled'}.`,
        },
      },
    );
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
