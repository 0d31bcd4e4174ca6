import { customerTypeOptions, listCustomers, listCustomerTypes } from '@solar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiQuery } from '../../shared/api/hooks';

export function useCustomerTypeOptions() {
  return useApiQuery(customerTypeOptions, undefined, { staleTime: 60_000 });
}

export function useCustomersRefresh() {
  const queryClient = useQueryClient();
  return async (): Promise<void> => {
    await Promise.all(
      [listCustomers.path, listCustomerTypes.path, customerTypeOptions.path].map((path) =>
        queryClient.invalidateQueries({ queryKey: ['GET', path] }),
      ),
    );
  };
}
