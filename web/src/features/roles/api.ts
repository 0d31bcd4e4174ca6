import { customerPermissionTree, listRoles } from '@solar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiQuery } from '../../shared/api/hooks';
import { useProfile } from '../account/api';

/** Every permission a company role can hold, as the server offers it for role editing. */
export function useCompanyPermissionTree() {
  return useApiQuery(customerPermissionTree, undefined, { staleTime: Infinity });
}

export function useRolesRefresh() {
  const queryClient = useQueryClient();
  return (): Promise<void> => queryClient.invalidateQueries({ queryKey: ['GET', listRoles.path] });
}

/** The caller's own role, which they may neither edit nor delete (802). */
export function useOwnRoleId(): number | undefined {
  return useProfile().data?.roleId ?? undefined;
}
