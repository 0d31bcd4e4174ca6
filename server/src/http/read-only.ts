import { type Endpoint, ErrorCode, revokeToken } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import { AppError } from '../errors/app-error.js';

/**
 * Writes a read-only account may still make: ending its own session. Everything else that is
 * not a GET is refused. (Token refresh is `POST /oauth/token`, a public endpoint, so it never
 * reaches this check.)
 */
export const READ_ONLY_ALLOWED: readonly Endpoint[] = [revokeToken];

const allowed = new Set(READ_ONLY_ALLOWED.map((endpoint) => `${endpoint.method} ${endpoint.path}`));

/** The one place that makes the read-only flag real: code 2 for any write of such an account. */
export function refuseReadOnlyWrite(endpoint: Endpoint, auth: AuthContext | null): void {
  if (!auth?.isReadOnly || endpoint.method === 'GET') return;
  if (allowed.has(`${endpoint.method} ${endpoint.path}`)) return;
  throw new AppError(ErrorCode.noPermission, 'This account is read-only');
}
