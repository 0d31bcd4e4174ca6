import { changePassword, checkPassword, type Endpoint, ErrorCode } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import { AppError } from '../errors/app-error.js';

/**
 * What an API key never reaches, whatever its scopes: the session and second-factor endpoints
 * (tag `auth`: sign-out, authenticator, passkeys), key and webhook management, and the
 * password. (Sign-in itself is public and never reads a key.)
 */
export const KEY_REFUSED_TAGS: ReadonlySet<string> = new Set(['auth', 'api-keys', 'webhooks']);
export const KEY_REFUSED_ENDPOINTS: readonly Endpoint[] = [changePassword, checkPassword];

const refusedEndpoints = new Set<Endpoint>(KEY_REFUSED_ENDPOINTS);

/** The one place that makes a key's limits real: code 2 outside its scopes or on management. */
export function refuseKeyOutsideScope(endpoint: Endpoint, auth: AuthContext | null): void {
  const key = auth?.apiKey;
  if (!key) return;
  if (KEY_REFUSED_TAGS.has(endpoint.tag) || refusedEndpoints.has(endpoint)) {
    throw new AppError(ErrorCode.noPermission, 'API keys cannot call this endpoint');
  }
  if (endpoint.method !== 'GET' && !key.scopes.includes('write')) {
    throw new AppError(ErrorCode.noPermission, 'This API key may only read (scope read)');
  }
}
