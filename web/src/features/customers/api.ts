import {
  createCustomer,
  createCustomerType,
  customerTypeOptions,
  deleteCustomer,
  deleteCustomerType,
  listCustomers,
  listCustomerTypes,
  updateCustomer,
  updateCustomerType,
} from '@solar/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

export function useCustomerTypeOptions() {
  return useApiQuery(customerTypeOptions, undefined, { staleTime: 60_000 });
}

/** A customer's type shows in the list, and each type counts its customers: one change, all three. */
const CUSTOMER_QUERIES = [listCustomers, listCustomerTypes, customerTypeOptions];

export function useCreateCustomer() {
  return useApiMutation(createCustomer, { invalidates: CUSTOMER_QUERIES });
}

export function useUpdateCustomer() {
  return useApiMutation(updateCustomer, { invalidates: CUSTOMER_QUERIES });
}

export function useDeleteCustomer() {
  return useApiMutation(deleteCustomer, { invalidates: CUSTOMER_QUERIES });
}

export function useCreateCustomerType() {
  return useApiMutation(createCustomerType, { invalidates: CUSTOMER_QUERIES });
}

export function useUpdateCustomerType() {
  return useApiMutation(updateCustomerType, { invalidates: CUSTOMER_QUERIES });
}

export function useDeleteCustomerType() {
  return useApiMutation(deleteCustomerType, { invalidates: CUSTOMER_QUERIES });
}
