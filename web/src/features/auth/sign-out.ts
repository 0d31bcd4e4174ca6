import { revokeToken } from '@solar/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../shared/api/client';
import { forgetThisBrowserPush } from '../push/push-browser';
import { browserNavigation } from '../../shared/session/navigation';
import { forgetOfflineState } from '../../shared/offline/offline-state';
import { clearSession } from '../../shared/session/session';
import { readStoredUser } from '../../shared/storage/storage';

/**
 * Section 4's sign-out: end this browser's push subscription, revoke the refresh token, delete
 * the account's offline state, drop user, userInfo, readOnly and styleType and every cached
 * answer, and reload the page.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const stored = readStoredUser();
  if (stored) {
    await forgetThisBrowserPush();
    await apiCall(revokeToken, {
      body: { refresh_token: stored.refresh_token },
      quiet: true,
    }).catch(() => null);
  }
  await forgetOfflineState();
  clearSession();
  queryClient.clear();
  browserNavigation.reload();
}
