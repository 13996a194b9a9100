import {
  type ApiUser,
  hasStatus,
  type RemoteProps,
  ROLE_LABELS,
  type SelfServiceRole,
} from '@buildbid/api-client';
import { TitledCard } from '@buildbid/ui';
import { useEffect, useRef, useState } from 'react';
import { Button, Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { switchRole } from './api.ts';

/** Role-change redirect 1.5 s; redirect after an unauthorized answer 0.5 s (section 9). */
export const REDIRECT_AFTER_ROLE_CHANGE_MS = 1500;
export const REDIRECT_AFTER_UNAUTHORIZED_MS = 500;

const ROLES: Array<{ id: SelfServiceRole; summary: string; permissions: string[] }> = [
  {
    id: 'client',
    summary: 'Post projects and hire professionals',
    permissions: [
      'Post renovation and construction projects',
      'Receive and review competing bids',
      'Message contractors',
      'Rate completed work',
    ],
  },
  {
    id: 'contractor',
    summary: 'Bid on projects and grow your business',
    permissions: ['Submit bids on projects', 'Message clients', 'Earn badges', 'Access Pro features'],
  },
  {
    id: 'vendor',
    summary: 'Supply materials and specialty services',
    permissions: [
      'Bid on supply contracts',
      'Offer specialty services',
      'Connect with contractors',
      'Build a supplier network',
    ],
  },
];

function isSelfServiceRole(value: string | null): value is SelfServiceRole {
  return value === 'client' || value === 'contractor' || value === 'vendor';
}

/** The button is disabled when the chosen role equals the current one or a request is pending. */
export function isUpdateDisabled(chosen: string, current: ApiUser['role'], pending: boolean): boolean {
  return pending || chosen === current;
}

type Props = RemoteProps & { user: ApiUser };

export function SwitchRolePage({ user, search, navigate, refreshUser, toast }: Props) {
  const requested = new URLSearchParams(search).get('role');
  const [chosen, setChosen] = useState<string>(isSelfServiceRole(requested) ? requested : user.role);
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const isAdmin = user.role === 'admin';

  async function updateRole() {
    if (isUpdateDisabled(chosen, user.role, pending) || !isSelfServiceRole(chosen)) return;
    setPending(true);
    try {
      await switchRole(chosen);
    } catch (error) {
      if (hasStatus(error, 401)) {
        toast({
          title: 'Unauthorized',
          description: 'You are logged out. Logging in again...',
          variant: 'destructive',
        });
        timer.current = setTimeout(() => navigate('/api/login'), REDIRECT_AFTER_UNAUTHORIZED_MS);
        return;
      }
      toast({
        title: 'Error',
        description: 'Failed to update role. Please try again.',
        variant: 'destructive',
      });
      setPending(false);
      return;
    }
    toast({
      title: 'Role Updated',
      description: 'Your role has been successfully updated. Redirecting to dashboard...',
    });
    await refreshUser();
    timer.current = setTimeout(() => navigate('/'), REDIRECT_AFTER_ROLE_CHANGE_MS);
  }

  return (
    <section className="switch-role">
      <h1 className="page-title">Change Account Role</h1>
      <p className="muted">
        You are currently a <strong>{ROLE_LABELS[user.role]}</strong>. Switch any time; your projects and bids
        stay with your account.
      </p>
      {isAdmin && (
        <p className="alert alert-info">
          Administrators keep the Admin role here. Another administrator can change it from the admin page.
        </p>
      )}
      <div className="switch-role-grid">
        <div className="card">
          <RadioGroup
            className="radio-group"
            value={chosen}
            onChange={setChosen}
            isDisabled={isAdmin || pending}
            aria-describedby="role-help"
          >
            <Label className="field-label">Select your role</Label>
            <Text slot="description" id="role-help" className="muted small">
              Admin is not offered for self-service.
            </Text>
            {ROLES.map((role) => (
              <Radio key={role.id} value={role.id} className="radio">
                <span className="radio-text">
                  <span className="radio-title">{ROLE_LABELS[role.id]}</span>
                  <span className="radio-summary muted">{role.summary}</span>
                </span>
              </Radio>
            ))}
          </RadioGroup>
          <Button
            className="btn btn-primary btn-block switch-role-submit"
            isDisabled={isAdmin || isUpdateDisabled(chosen, user.role, pending)}
            onPress={() => void updateRole()}
          >
            {pending ? 'Updating...' : 'Update Role'}
          </Button>
        </div>
        <TitledCard as="aside" id="permissions-title" title="Role Permissions">
          <dl className="permissions">
            {ROLES.map((role) => (
              <div
                key={role.id}
                className={role.id === chosen ? 'permission permission-chosen' : 'permission'}
              >
                <dt>{ROLE_LABELS[role.id]}</dt>
                <dd>
                  <ul>
                    {role.permissions.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                </dd>
              </div>
            ))}
          </dl>
          <p className="muted small">All roles can browse projects and switch roles.</p>
        </TitledCard>
      </div>
    </section>
  );
}
