import { permissionTree } from '@solar/contract';
import { endpointKey, useApiQuery } from '../api/hooks';

export const PERMISSION_QUERY_KEY = endpointKey(permissionTree);

/** Loaded once per sign-in: sign-out drops it, and nothing else refetches it. */
export function usePermissionTree() {
  return useApiQuery(
    permissionTree,
    { withLanguage: true },
    { staleTime: Infinity, gcTime: Infinity },
  );
}
