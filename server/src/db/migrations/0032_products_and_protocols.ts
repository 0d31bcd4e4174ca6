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
  // The inverter models the catalogue starts with, frozen here: a migration reads no live code.
  await sql`
    INSERT INTO product_models (kind, model_code, name, rated_power_w) VALUES
      ('inverter', '0200', 'LS-2.5K F2', 2500),
      ('inverter', '0201', 'LS-3.6K F2', 3600),
      ('inverter', '0202', 'LS-5K F2', 5000),
      ('inverter', '0203', 'LS-6K F2', 6000),
      ('inverter', '0500', 'LT-3K F2', 3000),
      ('inverter', '0501', 'LT-5K F2', 5000),
      ('inverter', '0502', 'LT-8K F2', 8000),
      ('inverter', '0503', 'LT-10K F2', 10000),
      ('inverter', '0504', 'LT-15K F2', 15000),
      ('inverter', '0505', 'LT-20K F2', 20000),
      ('inverter', '0506', 'LT-30K F2', 30000),
      ('inverter', '0507', 'LT-50K F2', 50000),
      ('inverter', '0600', 'LM-800 micro', 800),
      ('inverter', '0700', 'LM-2K micro', 2000),
      ('inverter', '3200', 'LH-HV-3.6K F2', 3600),
      ('inverter', '3201', 'LH-HV-5K F2', 5000),
      ('inverter', '3301', 'LHT-HV-3K F2', 3000),
      ('inverter', '3303', 'LHT-HV-5K F2', 5000),
      ('inverter', '3305', 'LHT-HV-10K F2', 10000),
      ('inverter', '3307', 'LHT-HV-20K F2', 20000)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withdrawAuditActions(db, PRODUCT_AUDIT_ACTIONS);
  await sql`
    DROP TABLE device_protocols;
    DROP TABLE product_models;
  `.execute(db);
}
