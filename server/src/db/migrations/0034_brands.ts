import { type Kysely, sql } from 'kysely';
import { allowAuditActions, withdrawAuditActions } from '../audit-action-check.js';

const BRAND_AUDIT_ACTIONS = ['brand.created', 'brand.updated', 'brand.logoChanged'];

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
  await allowAuditActions(db, BRAND_AUDIT_ACTIONS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withdrawAuditActions(db, BRAND_AUDIT_ACTIONS);
  await sql`DROP TABLE brand_hosts; DROP TABLE brands;`.execute(db);
}
