import { QueryClient } from '@tanstack/react-query';
import { isLoggedIn, session } from './session-store';
import { ApiError } from '@wallx/shared';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Only a call that never got an answer is worth repeating; the server's refusals will not change.
      retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.status === 0,
    },
  },
});

// However a session ends (logout, wallet switch, failed refresh), its data must not outlive it.
let wasLoggedIn = isLoggedIn(session.getState());
session.subscribe(() => {
  const loggedIn = isLoggedIn(session.getState());
  if (wasLoggedIn && !loggedIn) queryClient.clear();
  wasLoggedIn = loggedIn;
});
