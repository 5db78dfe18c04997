import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client';

/**
 * Server state (TanStack Query) for the screens that fetch. It is a lazy layout rather than a root
 * provider so that the home page, which fetches nothing, does not download the query library.
 * The client is one module-level instance, so its cache outlives this layout.
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
