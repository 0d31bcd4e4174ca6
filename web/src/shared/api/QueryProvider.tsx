import { ErrorCode, getProfile } from '@solar/contract';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from './api-error';
import { endpointKey } from './hooks';

/**
 * Code 113 (a second factor must be set up first, e.g. the company just required one): the
 * profile reloads and says so, and the signed-in app shows the set-up instead of the portal.
 */
function reloadProfileOnEnrolmentRequired(error: Error): void {
  if (error instanceof ApiError && error.code === ErrorCode.secondFactorEnrolmentRequired) {
    void appQueryClient.invalidateQueries({ queryKey: endpointKey(getProfile) });
  }
}

export const appQueryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reloadProfileOnEnrolmentRequired }),
  mutationCache: new MutationCache({ onError: reloadProfileOnEnrolmentRequired }),
  defaultOptions: {
    // The client already toasts failures; retries would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/**
 * The app's one query cache. Mounted by the signed-in app and by the few public pages that
 * fetch (not at the root), so the sign-in page does not load the query library.
 */
export function QueryProvider(props: { children: ReactNode }): ReactNode {
  return <QueryClientProvider client={appQueryClient}>{props.children}</QueryClientProvider>;
}
