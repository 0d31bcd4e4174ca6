import { type Kysely, sql } from 'kysely';

const BRAND_AUDIT_ACTIONS = ['brand.created', 'brand.updated', 'brand.logoChanged'];

/** The audit actions the current check constraint allows (other migrations may extend it too). */
async function allowedAuditActions(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
    WHERE conname = 'audit_entries_action_check'
  `.execute(db);
  const definition = rows[0]?.definition ?? '';
  return [...definition.matchAll(/'([^']+)'/g)].map((match) => match[1] ?? '');
}

async function allowAuditActions(db: Kysely<unknown>, actions: string[]): Promise<void> {
  const list = sql.join(actions.map((action) => sql.lit(action)));
  await sql`ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_action_check`.execute(db);
  await sql`
    ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_action_check CHECK (action IN (${list}))
  `.execute(db);
}

/**
 * White-label brands: chosen by the X-Source key or by one of their hosts (each host belongs to
 * one brand), with name, colour, logo (an object-store key) and sign-in texts per language.
 * Their changes go to the audit log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE brands (
      id serial PRIMARY KEY,
      key text NOT NULL UNIQUE,
      name text NOT NULL,
      primary_color text NOT NULL,
      logo_key text,
      sign_in_title jsonb NOT NULL DEFAULT '{}',
      footer_text jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE brand_hosts (
      host text PRIMARY KEY,
      brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE
    );
    CREATE INDEX brand_hosts_brand_idx ON brand_hosts (brand_id);
  `.execute(db);
  const actions = await allowedAuditActions(db);
  await allowAuditActions(db, [...new Set([...actions, ...BRAND_AUDIT_ACTIONS])]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM audit_entries WHERE action LIKE 'brand.%'`.execute(db);
  const actions = await allowedAuditActions(db);
  await allowAuditActions(
    db,
    actions.filter((action) => !BRAND_AUDIT_ACTIONS.includes(action)),
  );
  await sql`DROP TABLE brand_hosts; DROP TABLE brands;`.execute(db);
}
