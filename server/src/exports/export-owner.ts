import { ErrorCode } from '@solar/contract';
import { type AuthContext, loadEnabledUser } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';

/**
 * The context of an export's owner when the job runs (no request, no token): what they may see
 * now, so an account narrowed since the request exports nothing more than it may. Refused with
 * 101, like sign-in, when the account or its company has been disabled (or the account is gone).
 */
export async function ownerContext(db: Db, userId: number): Promise<AuthContext> {
  const user = await loadEnabledUser(db, userId);
  if (!user) throw new AppError(ErrorCode.accountDisabled);
  return user.context;
}
