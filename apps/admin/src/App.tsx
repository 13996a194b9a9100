import type { RemoteProps } from '@buildbid/api-client';
import { RemoteRouter } from '@buildbid/ui';
import { AccessDenied, AdminPage } from './AdminPage.tsx';
import { ModerationPage } from './ModerationPage.tsx';
import '@buildbid/ui/shared.css';
import './admin.css';

/**
 * The admin remote: the dashboard (/admin) and the moderation queue (/admin/moderation, decision 0221).
 * Non-admins see the Access Denied card, then go to /home (section 2).
 */
export default function App({ user, path, navigate, refreshUser, toast }: RemoteProps) {
  const moderation = path.replace(/\/+$/, '') === '/admin/moderation';
  return (
    <RemoteRouter navigate={navigate}>
      {user?.role !== 'admin' ? (
        <AccessDenied navigate={navigate} />
      ) : moderation ? (
        <ModerationPage user={user} toast={toast} />
      ) : (
        <AdminPage user={user} refreshUser={refreshUser} toast={toast} />
      )}
    </RemoteRouter>
  );
}
