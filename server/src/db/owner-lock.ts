import type { Db } from './database.js';

/**
 * Locks the row of what owns a set of rows, the company when there is one or else the user, so
 * that parallel creations count the owner's rows one after the other and a limit holds for
 * 1,000 parallel requests as for one.
 */
export async function lockOwnerRow(
  trx: Db,
  owner: { userId: number; companyId: number | null },
): Promise<void> {
  if (owner.companyId === null) {
    await trx.selectFrom('users').select('id').where('id', '=', owner.userId).forUpdate().execute();
  } else {
    await trx
      .selectFrom('companies')
      .select('id')
      .where('id', '=', owner.companyId)
      .forUpdate()
      .execute();
  }
}
