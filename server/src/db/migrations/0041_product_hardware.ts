import { type Kysely, sql } from 'kysely';
import { allowAuditActions, withdrawAuditActions } from '../audit-action-check.js';

const HARDWARE_AUDIT_ACTIONS = ['hardware.added', 'hardware.removed'];

/**
 * Product models gain their phases and MPPT count (spec section 3's catalogue), and each model
 * its hardware revisions: a hardwareId unique within the model.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE product_models
      ADD COLUMN phases smallint NOT NULL DEFAULT 1 CHECK (phases IN (1, 3)),
      ADD COLUMN mppt_count smallint NOT NULL DEFAULT 0 CHECK (mppt_count BETWEEN 0 AND 32);

    CREATE TABLE hardware_revisions (
      id serial PRIMARY KEY,
      product_id integer NOT NULL REFERENCES product_models (id) ON DELETE CASCADE,
      hardware_id text NOT NULL,
      description text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (product_id, hardware_id)
    );
  `.execute(db);
  await allowAuditActions(db, HARDWARE_AUDIT_ACTIONS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withdrawAuditActions(db, HARDWARE_AUDIT_ACTIONS);
  await sql`
    DROP TABLE hardware_revisions;
    ALTER TABLE product_models DROP COLUMN phases, DROP COLUMN mppt_count;
  `.execute(db);
}
