import type { RemoteProps } from '@buildbid/api-client';
import { lazyPage, remoteApp } from '@buildbid/ui';
import { useEffect } from 'react';
import { Dashboard } from './Dashboard.tsx';
import { SUBSCRIBED_TOAST } from './plans.ts';
import '@buildbid/ui/shared.css';
import './account.css';
import './profile-pricing.css';
import './developer/developer.css';

// The dashboard ('/', every signed-in visit's first page) is in the remote's first chunk; the other pages
// load when opened, so the dashboard does not wait for the profile's tabs or the payment form.
const DeveloperPage = lazyPage(() => import('./developer/DeveloperPage.tsx'), 'DeveloperPage');
// The OAuth consent page (/oauth/consent/{uid}, decision 0213): the authorization server sends the browser here.
const ConsentPage = lazyPage(() => import('./developer/oauth/ConsentPage.tsx'), 'ConsentPage');
const PricingPage = lazyPage(() => import('./Pricing.tsx'), 'PricingPage');
const ProfilePage = lazyPage(() => import('./Profile.tsx'), 'ProfilePage');
const SubscribePage = lazyPage(() => import('./Subscribe.tsx'), 'SubscribePage');
const SwitchRolePage = lazyPage(() => import('./SwitchRole.tsx'), 'SwitchRolePage');

function ComingSoon({ title }: { title: string }) {
  return (
    <section className="coming-soon">
      <h1 className="page-title">{title}</h1>
      <p className="muted">This page is coming soon.</p>
    </section>
  );
}

/** The Pro plan can take a moment to show after the provider's confirmation (its webhook). */
const TIER_RECHECK_MS = 3000;
let handledReturn: string | null = null;

/**
 * The payment provider sends the user back to /?subscription=success: show the success toast once,
 * refetch the user (now Pro), and drop the query from the address.
 */
function useSubscriptionReturn({ path, search, toast, refreshUser, navigate }: RemoteProps) {
  useEffect(() => {
    if (path !== '/') return;
    const params = new URLSearchParams(search);
    if (params.get('subscription') !== 'success' || handledReturn === search) return;
    handledReturn = search;
    const status = params.get('redirect_status');
    if (status && status !== 'succeeded' && status !== 'processing') {
      toast({
        title: 'Payment Failed',
        description: 'Your payment could not be completed.',
        variant: 'destructive',
      });
    } else {
      toast({ ...SUBSCRIBED_TOAST });
    }
    void refreshUser();
    setTimeout(() => void refreshUser(), TIER_RECHECK_MS);
    navigate('/', { replace: true });
  }, [path, search, toast, refreshUser, navigate]);
}

/** The account remote: dashboard, role switch, profile, developer, pricing and subscribe. */
export default remoteApp(AccountPages);

function AccountPages(props: RemoteProps) {
  const { path, user } = props;
  useSubscriptionReturn(props);
  if (path === '/pricing') return <PricingPage user={user} />;
  // Subscribe tells a visitor to log in.
  if (path === '/subscribe')
    return (
      <SubscribePage
        user={user}
        toast={props.toast}
        navigate={props.navigate}
        refreshUser={props.refreshUser}
      />
    );
  // Every other account route is for signed-in users only; the shell sends visitors to sign in.
  if (!user) return null;
  if (path.startsWith('/oauth/consent/')) return <ConsentPage {...props} />;
  switch (path) {
    case '/':
      return <Dashboard user={user} country={props.country} />;
    case '/switch-role':
      return <SwitchRolePage {...props} user={user} />;
    case '/profile':
      return <ProfilePage {...props} user={user} />;
    case '/developer':
      return <DeveloperPage {...props} />;
    default:
      return <ComingSoon title="Account" />;
  }
}
