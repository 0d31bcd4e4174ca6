import { issueToken } from '@solar/contract';
import { apiCall } from '../../shared/api/client';
import { storeUser } from '../../shared/storage/storage';

/** The second factor sent along with the password once the server asked for it (code 110). */
export interface SecondFactorProof {
  otp?: string;
  recovery_code?: string;
  remember_device?: 'true';
}

/** Password sign-in; the caller shows codes 102, 110 and 111 itself (they are tolerated). */
export async function signInWithPassword(
  username: string,
  password: string,
  proof: SecondFactorProof = {},
): Promise<void> {
  const token = await apiCall(issueToken, {
    body: { grant_type: 'password', username, password, ...proof },
    loading: true,
  });
  storeUser(token);
}
