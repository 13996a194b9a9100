import type { RemoteProps } from '@buildbid/api-client';
import { AccessDenied, AdminPage } from './AdminPage.tsx';
import '@buildbid/ui/shared.css';
import './admin.css';

/** The admin remote. Non-admins see the Access Denied card, then go to /home (section 2). */
export default function App({ user, navigate, refreshUser, toast }: RemoteProps) {
  if (user?.role !== 'admin') return <AccessDenied navigate={navigate} />;
  return <AdminPage user={user} refreshUser={refreshUser} toast={toast} />;
}
