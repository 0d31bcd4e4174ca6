import type { Endpoint, EndpointData } from '@solar/contract';
import {
  useMutation,
  useQuery,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { ApiError } from './api-error';
import { apiCall, type ApiInput } from './client';

export function apiQueryKey<E extends Endpoint>(endpoint: E, input?: ApiInput<E>) {
  return [endpoint.method, endpoint.path, input ?? {}] as const;
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
  });
}

export function useApiMutation<E extends Endpoint, Context = unknown>(
  endpoint: E,
  options?: Omit<UseMutationOptions<EndpointData<E>, ApiError, ApiInput<E>, Context>, 'mutationFn'>,
) {
  return useMutation<EndpointData<E>, ApiError, ApiInput<E>, Context>({
    mutationFn: (input) => apiCall(endpoint, input),
    ...options,
  });
}
