import { INVERTER_MODELS } from '@solar/contract';
import { type Kysely, sql } from 'kysely';

const NEW_AUDIT_ACTIONS = [
  'product.created',
  'product.updated',
  'product.enabled',
  'product.disabled',
  'protocol.created',
  'protocol.updated',
  'protocol.enabled',
  'protocol.disabled',
];

/** `'a'::text, 'b'::text` as the audit action check lists its values. */
const ACTION_ITEMS = NEW_AUDIT_ACTIONS.map((action) => `'${action}'::text`).join(', ');

/**
 * Adds the new actions to whatever the audit action check allows now, so migrations of other
 * features that extend the same check keep their actions whichever runs first.
 */
const EXTEND_AUDIT_ACTIONS = `
  DO $$
  DECLARE definition text;
  BEGIN
    SELECT pg_get_constraintdef(oid) INTO definition
      FROM pg_constraint WHERE conname = 'audit_entries_action_check';
    ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_action_check;
    EXECUTE 'ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_action_check '
      || replace(definition, '::text]))', '::text, ' || ${quoteLiteral(ACTION_ITEMS)} || ']))');
  END $$;`;

const SHRINK_AUDIT_ACTIONS = `
  DO $$
  DECLARE definition text;
  BEGIN
    SELECT pg_get_constraintdef(oid) INTO definition
      FROM pg_constraint WHERE conname = 'audit_entries_action_check';
    ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_action_check;
    EXECUTE 'ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_action_check '
      || replace(definition, ', ' || ${quoteLiteral(ACTION_ITEMS)}, '');
  END $$;`;

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Product models and device protocols of system management. The built-in inverter models of
 * spec section 3 are the catalogue's first rows, so the list starts as the source of truth.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE product_models (
      id serial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN (
        'inverter', 'battery', 'datalogger', 'meter', 'switch', 'epm', 'weather'
      )),
      model_code text NOT NULL,
      name text NOT NULL,
      vendor text NOT NULL DEFAULT '',
      rated_power_w integer NOT NULL DEFAULT 0 CHECK (rated_power_w >= 0),
      hardware_part_number text NOT NULL DEFAULT '',
      is_enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (kind, model_code)
    );

    CREATE TABLE device_protocols (
      id serial PRIMARY KEY,
      name text NOT NULL,
      version text NOT NULL,
      transport text NOT NULL CHECK (transport IN ('mqtt', 'modbus-rtu', 'modbus-tcp', 'http')),
      description text NOT NULL DEFAULT '',
      is_enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (name, version)
    );
  `.execute(db);
  await sql.raw(EXTEND_AUDIT_ACTIONS).execute(db);
  for (const model of INVERTER_MODELS) {
    await sql`
      INSERT INTO product_models (kind, model_code, name, rated_power_w)
      VALUES ('inverter', ${model.code}, ${model.name}, ${Math.round(model.ratedPowerKw * 1000)})
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM audit_entries WHERE action LIKE 'product.%' OR action LIKE 'protocol.%';
  `.execute(db);
  await sql.raw(SHRINK_AUDIT_ACTIONS).execute(db);
  await sql`
    DROP TABLE device_protocols;
    DROP TABLE product_models;
  `.execute(db);
}
