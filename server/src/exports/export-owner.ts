import type { AuthContext } from '../auth/auth-context.js';
import { permissionsFor } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';

/**
 * The context of an export's owner when the job runs (no request, no token): what they may see
 * now, so an account disabled or narrowed since the request exports nothing more than it may.
 */
export async function ownerContext(db: Db, userId: number): Promise<AuthContext | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id',
      'users.email',
      'users.kind',
      'users.company_id',
      'users.role_id',
      'users.is_enabled',
      'users.is_read_only',
      'roles.permissions',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row?.is_enabled) return null;
  return {
    userId: row.id,
    email: row.email,
    kind: row.kind,
    companyId: row.company_id,
    roleId: row.role_id,
    isReadOnly: row.is_read_only,
    permissions: new Set(permissionsFor(row.kind, row.permissions ?? [])),
  };
}
