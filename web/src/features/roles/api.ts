import {
  createRole,
  customerPermissionTree,
  deleteRole,
  listRoles,
  updateRole,
} from '@solar/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';
import { useProfile } from '../users/api';

/** Every permission a company role can hold, as the server offers it for role editing. */
export function useCompanyPermissionTree() {
  return useApiQuery(customerPermissionTree, undefined, { staleTime: Infinity });
}

/** The company's roles: at most five, so one page holds them all. */
export function useRoles(options: { enabled?: boolean } = {}) {
  return useApiQuery(listRoles, { query: { page: 1, size: 50 } }, options);
}

export function useCreateRole() {
  return useApiMutation(createRole, { invalidates: [listRoles] });
}

export function useUpdateRole() {
  return useApiMutation(updateRole, { invalidates: [listRoles] });
}

export function useDeleteRole() {
  return useApiMutation(deleteRole, { invalidates: [listRoles] });
}

/** The caller's own role, which they may neither edit nor delete (802). */
export function useOwnRoleId(): number | undefined {
  return useProfile().data?.roleId ?? undefined;
}
