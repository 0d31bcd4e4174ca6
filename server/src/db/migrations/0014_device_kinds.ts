import { type Kysely, sql } from 'kysely';

/**
 * The device families of spec section 1 beyond inverters, meters, batteries and weather
 * stations: smart and AC switches, combiner boxes, energy-management devices (EPM), heat pumps
 * and energy-storage systems.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE devices DROP CONSTRAINT devices_kind_check;
    ALTER TABLE devices ADD CONSTRAINT devices_kind_check CHECK (kind IN (
      'inverter', 'meter', 'battery', 'weather', 'switch', 'box', 'epm', 'heat_pump', 'ess'
    ));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE devices DROP CONSTRAINT devices_kind_check;
    ALTER TABLE devices ADD CONSTRAINT devices_kind_check
      CHECK (kind IN ('inverter', 'meter', 'battery', 'weather'));
  `.execute(db);
}
