import type { RemoteProps } from '@buildbid/api-client';
import { RemoteRouter } from '@buildbid/ui';
import { AccessDenied, AdminPage } from './AdminPage.tsx';
import '@buildbid/ui/shared.css';
import './admin.css';

/** The admin remote. Non-admins see the Access Denied card, then go to /home (section 2). */
export default function App({ user, navigate, refreshUser, toast }: RemoteProps) {
  return (
    <RemoteRouter navigate={navigate}>
      {user?.role !== 'admin' ? (
        <AccessDenied navigate={navigate} />
      ) : (
        <AdminPage user={user} refreshUser={refreshUser} toast={toast} />
      )}
    </RemoteRouter>
  );
}
