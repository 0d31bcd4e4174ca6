import { issueToken } from '@solar/contract';
import { apiCall } from '../../shared/api/client';
import { storeUser } from '../../shared/storage/storage';

/** Password sign-in; the caller shows code 102 itself (it is tolerated). */
export async function signInWithPassword(username: string, password: string): Promise<void> {
  const token = await apiCall(issueToken, {
    body: { grant_type: 'password', username, password },
    loading: true,
  });
  storeUser(token);
}
