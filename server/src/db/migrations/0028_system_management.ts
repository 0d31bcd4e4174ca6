import { type Kysely, sql } from 'kysely';

const AUDIT_ACTIONS_BEFORE = `
  'company.created', 'company.updated', 'company.disabled', 'company.enabled',
  'account.readOnly', 'account.writable',
  'notice.created', 'notice.updated', 'notice.published', 'notice.invalidated',
  'stock.registered', 'stock.unbound'`;

/**
 * Dictionaries of system management: typed code lists with a text per locale, enabled or
 * disabled by the platform administrator. Their changes and the publishing, editing and deleting
 * of versions go to the audit log, which joins the export centre's kinds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE dictionary_entries (
      id serial PRIMARY KEY,
      type text NOT NULL,
      code text NOT NULL,
      texts jsonb NOT NULL DEFAULT '{}',
      sort_order integer NOT NULL DEFAULT 0,
      is_enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (type, code)
    );
    CREATE INDEX dictionary_entries_type_idx ON dictionary_entries (type, sort_order, code);

    ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_action_check;
    ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_action_check CHECK (action IN (
      ${sql.raw(AUDIT_ACTIONS_BEFORE)},
      'dictionary.created', 'dictionary.updated', 'dictionary.enabled', 'dictionary.disabled',
      'version.published', 'version.updated', 'version.deleted'
    ));

    ALTER TABLE exports DROP CONSTRAINT exports_kind_check;
    ALTER TABLE exports ADD CONSTRAINT exports_kind_check
      CHECK (kind IN ('plants', 'events', 'inverters', 'report', 'audit'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM exports WHERE kind = 'audit';
    ALTER TABLE exports DROP CONSTRAINT exports_kind_check;
    ALTER TABLE exports ADD CONSTRAINT exports_kind_check
      CHECK (kind IN ('plants', 'events', 'inverters', 'report'));

    DELETE FROM audit_entries WHERE action LIKE 'dictionary.%' OR action LIKE 'version.%';
    ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_action_check;
    ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_action_check
      CHECK (action IN (${sql.raw(AUDIT_ACTIONS_BEFORE)}));

    DROP TABLE dictionary_entries;
  `.execute(db);
}
