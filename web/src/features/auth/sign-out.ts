import { revokeToken } from '@solar/contract';
import type { QueryClient } from '@tanstack/react-query';
import { PERMISSION_QUERY_KEY } from '../../shared/permissions/usePermissionTree';
import { apiCall } from '../../shared/api/client';
import { browserNavigation } from '../../shared/session/navigation';
import { clearSession } from '../../shared/session/session';
import { readStoredUser } from '../../shared/storage/storage';

/**
 * Section 4's sign-out: revoke the refresh token, drop user, userInfo, readOnly and styleType,
 * mark the permission routes for reload and reload the page.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const stored = readStoredUser();
  if (stored) {
    await apiCall(revokeToken, {
      body: { refresh_token: stored.refresh_token },
      quiet: true,
    }).catch(() => null);
  }
  clearSession();
  queryClient.removeQueries({ queryKey: PERMISSION_QUERY_KEY });
  browserNavigation.reload();
}
