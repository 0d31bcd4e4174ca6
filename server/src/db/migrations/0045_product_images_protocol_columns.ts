import { type Kysely, sql } from 'kysely';
import { allowAuditActions, withdrawAuditActions } from '../audit-action-check.js';

const AUDIT_ACTIONS = [
  'product.imageChanged',
  'protocolColumn.added',
  'protocolColumn.updated',
  'protocolColumn.removed',
];

/**
 * Each product model may carry an image, kept in the object store like a brand's logo; each
 * device protocol gets its columns, a key unique within the protocol. A plant's type is any
 * code of the plantType dictionary (the server checks new values against its enabled entries),
 * no longer only the three built-in ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE product_models ADD COLUMN image_key text;

    CREATE TABLE device_protocol_columns (
      id serial PRIMARY KEY,
      protocol_id integer NOT NULL REFERENCES device_protocols (id) ON DELETE CASCADE,
      key text NOT NULL,
      name text NOT NULL,
      unit text NOT NULL DEFAULT '',
      scale numeric NOT NULL DEFAULT 1,
      value_type text NOT NULL
        CHECK (value_type IN ('uint16', 'int16', 'uint32', 'int32', 'float32', 'bool', 'string')),
      sort_order integer NOT NULL DEFAULT 0,
      UNIQUE (protocol_id, key)
    );

    ALTER TABLE plants DROP CONSTRAINT plants_plant_type_check;
  `.execute(db);
  await allowAuditActions(db, AUDIT_ACTIONS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withdrawAuditActions(db, AUDIT_ACTIONS);
  await sql`
    UPDATE plants SET plant_type = 'grid' WHERE plant_type NOT IN ('grid', 'ac_coupled', 'dc_coupled');
    ALTER TABLE plants ADD CONSTRAINT plants_plant_type_check
      CHECK (plant_type IN ('grid', 'ac_coupled', 'dc_coupled'));
    DROP TABLE device_protocol_columns;
    ALTER TABLE product_models DROP COLUMN image_key;
  `.execute(db);
}
