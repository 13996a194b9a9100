import type { RemoteProps } from '@buildbid/api-client';
import { Dashboard } from './Dashboard.tsx';
import { SwitchRolePage } from './SwitchRole.tsx';
import '../../projects/src/shared/shared.css';
import './account.css';

function ComingSoon({ title }: { title: string }) {
  return (
    <section className="coming-soon">
      <h1 className="page-title">{title}</h1>
      <p className="muted">This page is coming soon.</p>
    </section>
  );
}

/** The account remote: dashboard, role switch, profile, pricing and subscribe. */
export default function App(props: RemoteProps) {
  const { path, user } = props;
  if (path === '/pricing') return <ComingSoon title="Pricing" />;
  // Every other account route is for signed-in users only; the shell sends visitors to sign in.
  if (!user) return null;
  switch (path) {
    case '/':
      return <Dashboard user={user} country={props.country} />;
    case '/switch-role':
      return <SwitchRolePage {...props} user={user} />;
    case '/profile':
      return <ComingSoon title="Profile" />;
    case '/subscribe':
      return <ComingSoon title="Upgrade to Pro" />;
    default:
      return <ComingSoon title="Account" />;
  }
}
