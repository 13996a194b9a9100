import type { RemoteProps } from '@buildbid/api-client';
import { Provider, useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-aria-components';
import { authAtom, countryFilterAtom, loadUser } from './auth.ts';
import { Header } from './components/Header.tsx';
import { RemoteView } from './components/RemoteView.tsx';
import { Spinner } from './components/Spinner.tsx';
import { VisitorTopBar } from './components/VisitorTopBar.tsx';
import { ChatHost, chatTargetAtom, openMessages } from './messaging/chat.tsx';
import { AuthTestPage } from './pages/AuthTest.tsx';
import { ForgotPasswordPage } from './pages/ForgotPassword.tsx';
import { LandingPage } from './pages/Landing.tsx';
import { NotFoundPage } from './pages/NotFound.tsx';
import { RegisterPage } from './pages/Register.tsx';
import { ResetPasswordPage } from './pages/ResetPassword.tsx';
import { SignInPage } from './pages/SignIn.tsx';
import { VerifyEmailPage } from './pages/VerifyEmail.tsx';
import { realtime } from './realtime/socket.ts';
import { useRealtime } from './realtime/useRealtime.ts';
import { loadRemoteModule } from './remotes.ts';
import { interceptLinkClick, locationAtom, navigate, syncLocationFromBrowser } from './router.ts';
import { LOGIN_URL, rememberReturnPath, resolveRoute, type ShellPage } from './routes.ts';
import { shellStore } from './store.ts';
import { themeAtom, watchSystemTheme } from './theme.ts';
import { Toaster, toast } from './toast.tsx';

const routerNavigate = (href: string) => navigate(href);

/** The shell: auth check, router, header, toasts, and the remotes in the main area. */
export function App() {
  return (
    <Provider store={shellStore}>
      <RouterProvider navigate={routerNavigate}>
        <Shell />
        <Toaster />
      </RouterProvider>
    </Provider>
  );
}

/** Pages that bring their own chrome (logo, centred card) for a visitor. */
const OWN_CHROME: ReadonlySet<ShellPage> = new Set([
  'landing',
  'signin',
  'register',
  'forgot-password',
  'reset-password',
  'verify-email',
]);

function ShellPageView({ page, search }: { page: ShellPage; search: string }) {
  switch (page) {
    case 'landing':
      return <LandingPage />;
    case 'signin':
      return <SignInPage />;
    case 'register':
      return <RegisterPage />;
    case 'forgot-password':
      return <ForgotPasswordPage />;
    case 'reset-password':
      return <ResetPasswordPage search={search} />;
    case 'verify-email':
      return <VerifyEmailPage search={search} />;
    case 'auth-test':
      return <AuthTestPage />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

export function Shell() {
  const auth = useAtomValue(authAtom);
  const location = useAtomValue(locationAtom);
  const country = useAtomValue(countryFilterAtom);

  useEffect(() => {
    void loadUser();
  }, []);

  useEffect(() => {
    window.addEventListener('popstate', syncLocationFromBrowser);
    document.addEventListener('click', interceptLinkClick);
    const stopTheme = watchSystemTheme(() => shellStore.get(themeAtom));
    return () => {
      window.removeEventListener('popstate', syncLocationFromBrowser);
      document.removeEventListener('click', interceptLinkClick);
      stopTheme();
    };
  }, []);

  const resolution = resolveRoute(location.path, auth.status);
  const redirectTo = resolution.kind === 'redirect' ? resolution.to : null;

  useEffect(() => {
    if (!redirectTo) return;
    // A signed-out visitor of a signed-in page returns to it after signing in.
    if (redirectTo === LOGIN_URL) rememberReturnPath(`${window.location.pathname}${window.location.search}`);
    navigate(redirectTo, { replace: true });
  }, [redirectTo]);

  const user = auth.status === 'signed-in' ? auth.user : null;
  const userId = user?.id ?? null;

  // The real-time socket lives exactly as long as a signed-in user; a closed session closes any chat.
  useRealtime(userId);
  useEffect(() => {
    if (!userId) shellStore.set(chatTargetAtom, null);
  }, [userId]);

  const remoteProps = useMemo<RemoteProps>(
    () => ({
      path: location.path,
      search: location.search,
      user,
      country,
      // A remote sending a visitor to sign in (the post form after its warning) brings them back after.
      navigate: (to: string, options?: { replace?: boolean }) => {
        if (to === LOGIN_URL) rememberReturnPath(`${window.location.pathname}${window.location.search}`);
        navigate(to, options);
      },
      refreshUser: loadUser,
      toast,
      realtime,
      openMessages,
      loadModule: loadRemoteModule,
    }),
    [location.path, location.search, user, country],
  );

  if (resolution.kind === 'loading' || resolution.kind === 'redirect') return <Spinner fullPage />;

  if (resolution.kind === 'page' && (resolution.page === 'landing' || !user)) {
    // Visitors: the landing, sign-in and register pages bring their own chrome.
    const ownChrome = OWN_CHROME.has(resolution.page);
    return (
      <div className="app">
        {!ownChrome && <VisitorTopBar />}
        <ShellPageView page={resolution.page} search={location.search} />
      </div>
    );
  }

  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {user ? <Header user={user} /> : <VisitorTopBar />}
      {user && <ChatHost user={user} />}
      {resolution.kind === 'page' ? (
        <ShellPageView page={resolution.page} search={location.search} />
      ) : (
        <main id="main" className="container page remote-host" tabIndex={-1}>
          <RemoteView key={resolution.remote} name={resolution.remote} props={remoteProps} />
        </main>
      )}
    </div>
  );
}
