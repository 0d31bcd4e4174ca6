import { INVERTER_MODELS } from '@solar/contract';
import { type Kysely, sql } from 'kysely';
import { allowAuditActions, withdrawAuditActions } from '../audit-action-check.js';

const PRODUCT_AUDIT_ACTIONS = [
  'product.created',
  'product.updated',
  'product.enabled',
  'product.disabled',
  'protocol.created',
  'protocol.updated',
  'protocol.enabled',
  'protocol.disabled',
];

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
  await allowAuditActions(db, PRODUCT_AUDIT_ACTIONS);
  for (const model of INVERTER_MODELS) {
    await sql`
      INSERT INTO product_models (kind, model_code, name, rated_power_w)
      VALUES ('inverter', ${model.code}, ${model.name}, ${Math.round(model.ratedPowerKw * 1000)})
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withdrawAuditActions(db, PRODUCT_AUDIT_ACTIONS);
  await sql`
    DROP TABLE device_protocols;
    DROP TABLE product_models;
  `.execute(db);
}
