/** The Services tab (contractors): the service specialties they get new projects' emails for. */
import type { ApiUser } from '@buildbid/api-client';
import { SERVICE_TYPES } from '@buildbid/domain/catalog';
import { ToggleSwitch } from '@buildbid/ui';
import { useEffect, useState } from 'react';
import { type Shell, useSaveNow } from './shared.tsx';

export function ServicesTab({ user, shell }: { user: ApiUser; shell: Shell }) {
  const [services, setServices] = useState<string[]>(user.services ?? []);
  const [pending, setPending] = useState<string | null>(null);
  const saveNow = useSaveNow(shell);
  useEffect(() => setServices(user.services ?? []), [user.services]);

  async function toggle(id: string, name: string, on: boolean) {
    const previous = services;
    const next = on ? [...services, id] : services.filter((s) => s !== id);
    setServices(next);
    setPending(id);
    await saveNow(
      { services: next },
      {
        revert: () => setServices(previous),
        settle: () => setPending(null),
        failure: 'Failed to update service specialties.',
        success: {
          title: 'Services Updated',
          description: `${name} ${on ? 'added to' : 'removed from'} your specialties.`,
        },
      },
    );
  }

  return (
    <div className="profile-tab">
      <h2 className="card-title">Service Specialties</h2>
      <p className="muted small">
        Choose the services you offer. You get email notifications for new projects that need them.
      </p>
      <ul className="service-list">
        {SERVICE_TYPES.map((s) => (
          <li key={s.id}>
            <ToggleSwitch
              className="service-switch"
              isSelected={services.includes(s.id)}
              isDisabled={pending !== null}
              onChange={(on) => void toggle(s.id, s.name, on)}
              description={s.description}
            >
              {s.name}
            </ToggleSwitch>
          </li>
        ))}
      </ul>
    </div>
  );
}
