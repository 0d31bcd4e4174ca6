import { type Kysely, sql } from 'kysely';
import { allowAuditActions, withdrawAuditActions } from '../audit-action-check.js';

const SYSTEM_AUDIT_ACTIONS = [
  'dictionary.created',
  'dictionary.updated',
  'dictionary.enabled',
  'dictionary.disabled',
  'version.published',
  'version.updated',
  'version.deleted',
];

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

    ALTER TABLE exports DROP CONSTRAINT exports_kind_check;
    ALTER TABLE exports ADD CONSTRAINT exports_kind_check
      CHECK (kind IN ('plants', 'events', 'inverters', 'report', 'audit'));
  `.execute(db);
  await allowAuditActions(db, SYSTEM_AUDIT_ACTIONS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM exports WHERE kind = 'audit';
    ALTER TABLE exports DROP CONSTRAINT exports_kind_check;
    ALTER TABLE exports ADD CONSTRAINT exports_kind_check
      CHECK (kind IN ('plants', 'events', 'inverters', 'report'));
  `.execute(db);
  await withdrawAuditActions(db, SYSTEM_AUDIT_ACTIONS);
  await sql`DROP TABLE dictionary_entries`.execute(db);
}
