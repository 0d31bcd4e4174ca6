import { type Kysely, sql } from 'kysely';

/**
 * The check constraint on `audit_entries.action` as migrations change it: each feature adds its
 * own actions to whatever the check allows at that moment, so features whose migrations land in
 * any order keep each other's actions.
 */

/** The actions the check allows now, in its order. */
async function allowedAuditActions(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
    WHERE conname = 'audit_entries_action_check'
  `.execute(db);
  const definition = rows[0]?.definition ?? '';
  return [...definition.matchAll(/'([^']+)'/g)].map((match) => match[1] ?? '');
}

async function replaceAuditActionCheck(db: Kysely<unknown>, actions: string[]): Promise<void> {
  const list = sql.join(actions.map((action) => sql.lit(action)));
  await sql`ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_action_check`.execute(db);
  await sql`
    ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_action_check CHECK (action IN (${list}))
  `.execute(db);
}

/** Lets audit entries record `actions` as well (a migration's `up`). */
export async function allowAuditActions(
  db: Kysely<unknown>,
  actions: readonly string[],
): Promise<void> {
  const allowed = await allowedAuditActions(db);
  await replaceAuditActionCheck(db, [...new Set([...allowed, ...actions])]);
}

/** Deletes the entries that record `actions` and takes them out of the check (its `down`). */
export async function withdrawAuditActions(
  db: Kysely<unknown>,
  actions: readonly string[],
): Promise<void> {
  const list = sql.join(actions.map((action) => sql.lit(action)));
  await sql`DELETE FROM audit_entries WHERE action IN (${list})`.execute(db);
  const allowed = await allowedAuditActions(db);
  await replaceAuditActionCheck(
    db,
    allowed.filter((action) => !actions.includes(action)),
  );
}
