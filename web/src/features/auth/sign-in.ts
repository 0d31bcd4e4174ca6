import {
  issueToken,
  type PasskeyRequestOptions,
  secondFactorChallenge,
  type SecondFactorChallenge,
} from '@solar/contract';
import { startAuthentication } from '@simplewebauthn/browser';
import type { ApiError } from '../../shared/api/api-error';
import { apiCall } from '../../shared/api/client';
import { storeUser } from '../../shared/storage/storage';

/** The second factor sent along with the password once the server asked for it (code 110). */
export interface SecondFactorProof {
  otp?: string;
  recovery_code?: string;
  /** A passkey's answer as JSON text (a form field). */
  webauthn?: string;
  remember_device?: 'true';
}

/** Password sign-in; the caller shows codes 102, 110, 111, 115 and 116 itself (tolerated). */
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

/** What a 110 answer offers: an authenticator code, a passkey (with its options), or both. */
export function secondFactorChallengeOf(error: ApiError): SecondFactorChallenge {
  const parsed = secondFactorChallenge.safeParse(error.data);
  return parsed.success ? parsed.data : { totp: true, passkey: null };
}

/** Asks the browser for a passkey's answer to the options; rejects when the user cancels. */
export async function passkeyAnswer(options: PasskeyRequestOptions): Promise<string> {
  return JSON.stringify(await startAuthentication({ optionsJSON: options }));
}
