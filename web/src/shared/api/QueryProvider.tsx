import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export const appQueryClient = new QueryClient({
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
