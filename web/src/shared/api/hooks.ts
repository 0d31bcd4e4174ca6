import type { Endpoint, EndpointData } from '@solar/contract';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiError } from './api-error';
import { apiCall, type ApiInput } from './client';

/** The key prefix every cached answer of one endpoint shares, whatever its input. */
export function endpointKey(endpoint: Endpoint) {
  return [endpoint.method, endpoint.path] as const;
}

export function apiQueryKey<E extends Endpoint>(endpoint: E, input?: ApiInput<E>) {
  return [...endpointKey(endpoint), input ?? {}] as const;
}

/**
 * Marks every cached answer of the endpoints stale; the ones on screen refetch in the
 * background, so the caller's own next step (closing a dialog, a toast) does not wait.
 */
export function useInvalidateEndpoints() {
  const queryClient = useQueryClient();
  return useCallback(
    (endpoints: readonly Endpoint[]): void => {
      for (const endpoint of endpoints) {
        void queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) });
      }
    },
    [queryClient],
  );
}

/** Whether a cached answer came from a company-scoped endpoint (see `useApiQuery`). */
export function isCompanyScopedQuery(query: Query): boolean {
  return query.meta?.isCompanyScoped === true;
}

export function useApiQuery<E extends Endpoint>(
  endpoint: E,
  input?: ApiInput<E>,
  options?: Omit<UseQueryOptions<EndpointData<E>, ApiError>, 'queryKey' | 'queryFn'>,
) {
  return useQuery<EndpointData<E>, ApiError>({
    queryKey: apiQueryKey(endpoint, input),
    queryFn: () => apiCall(endpoint, input),
    ...options,
    // The answer depends on the chosen company: a new choice reloads it (`CompanyPicker`).
    meta: { ...options?.meta, isCompanyScoped: endpoint.isCompanyScoped ?? false },
  });
}

type ApiMutationOptions<E extends Endpoint, Context> = Omit<
  UseMutationOptions<EndpointData<E>, ApiError, ApiInput<E>, Context>,
  'mutationFn'
> & {
  /** The queries this write makes stale: marked so after it succeeds. */
  invalidates?: readonly Endpoint[];
};

export function useApiMutation<E extends Endpoint, Context = unknown>(
  endpoint: E,
  options: ApiMutationOptions<E, Context> = {},
) {
  const { invalidates = [], onSuccess, ...rest } = options;
  const invalidate = useInvalidateEndpoints();
  return useMutation<EndpointData<E>, ApiError, ApiInput<E>, Context>({
    mutationFn: (input) => apiCall(endpoint, input),
    onSuccess: (...args) => {
      invalidate(invalidates);
      return onSuccess?.(...args);
    },
    ...rest,
  });
}
