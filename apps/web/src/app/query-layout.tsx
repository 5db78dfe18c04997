import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client';
import { useIsLoggedIn } from '../lib/session-store';

/** Runs `task` once the browser has nothing better to do (Safari has no requestIdleCallback). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1000);
  return () => clearTimeout(id);
}

/**
 * Server state (TanStack Query) for the screens that fetch. It is a lazy layout rather than a root
 * provider so that the home page, which fetches nothing, does not download the query library.
 * The client is one module-level instance, so its cache outlives this layout.
 *
 * A signed-in user's screens keep themselves current from the event stream: its code loads after
 * the screen has painted, and it stays open on every screen after this one (home included).
 */
export function QueryLayout() {
  const isLoggedIn = useIsLoggedIn();
  useEffect(() => {
    if (!isLoggedIn) return;
    return whenIdle(() => void import('./live-updates').then((m) => m.startLiveUpdates(queryClient)));
  }, [isLoggedIn]);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
