import { type Kysely, sql } from 'kysely';

/**
 * Platform administration: companies can be disabled (their members can no longer sign in),
 * accounts can be read-only (every write refused), and the administrator's actions are kept
 * in an audit log with who, when, what and from which address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE companies ADD COLUMN is_enabled boolean NOT NULL DEFAULT true;
    ALTER TABLE users ADD COLUMN is_read_only boolean NOT NULL DEFAULT false;

    CREATE TABLE audit_entries (
      id bigserial PRIMARY KEY,
      actor_id integer REFERENCES users (id) ON DELETE SET NULL,
      actor_email text NOT NULL,
      action text NOT NULL CHECK (action IN (
        'company.created', 'company.updated', 'company.disabled', 'company.enabled',
        'account.readOnly', 'account.writable',
        'notice.created', 'notice.updated', 'notice.published', 'notice.invalidated',
        'stock.registered', 'stock.unbound'
      )),
      target text NOT NULL,
      detail jsonb NOT NULL DEFAULT '{}',
      address text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_entries_created_idx ON audit_entries (created_at DESC, id DESC);
    CREATE INDEX audit_entries_action_idx ON audit_entries (action, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE audit_entries;
    ALTER TABLE users DROP COLUMN is_read_only;
    ALTER TABLE companies DROP COLUMN is_enabled;
  `.execute(db);
}
