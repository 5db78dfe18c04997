import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { useWalletWatcher } from '../features/auth/use-wallet-watcher';
import { getLanguage, loadSection } from '../lib/i18n';
import { isLoggedIn, session, useSession } from '../lib/session-store';
import { NavigationProgress } from './navigation-progress';

// The dialog loads the first time it opens, with the API's refusals (a login may be refused).
const ConnectDialog = lazy(() =>
  Promise.all([import('../features/auth/connect-dialog'), loadSection('errors')]).then(([m]) =>
    m.withTexts(getLanguage()),
  ),
);

/**
 * However the session ends (logout, wallet switch, failed refresh), the spec goes home; a login
 * from a guarded screen's popup goes on to that screen.
 */
function useFollowSession(): void {
  const navigate = useNavigate();
  useEffect(() => {
    let wasLoggedIn = isLoggedIn(session.getState());
    return session.subscribe(() => {
      const loggedIn = isLoggedIn(session.getState());
      if (wasLoggedIn && !loggedIn) void navigate('/', { replace: true });
      if (!wasLoggedIn && loggedIn) {
        const returnTo = session.takeReturnTo();
        if (returnTo) void navigate(returnTo);
      }
      wasLoggedIn = loggedIn;
    });
  }, [navigate]);
}

export function RootShell() {
  useWalletWatcher();
  useFollowSession();
  const showConnectBox = useSession((s) => s.showConnectBox);
  // Stays mounted after the first opening so that closing can animate.
  const [isDialogLoaded, setDialogLoaded] = useState(false);
  if (showConnectBox && !isDialogLoaded) setDialogLoaded(true);

  return (
    <>
      <NavigationProgress />
      <ScrollRestoration />
      <Outlet />
      {isDialogLoaded && (
        <Suspense fallback={null}>
          <ConnectDialog />
        </Suspense>
      )}
    </>
  );
}
