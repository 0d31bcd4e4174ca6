import { type Kysely, sql } from 'kysely';

/**
 * The DC peak power of the modules behind an inverter, kWp: what its performance ratio and
 * specific yield are measured against. Null: the plant's capacity shared by the inverters'
 * AC ratings (`inverters/dc-peak.ts`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE devices ADD COLUMN dc_peak_kw numeric(10, 3)
      CONSTRAINT devices_dc_peak_kw_positive CHECK (dc_peak_kw > 0)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE devices DROP COLUMN dc_peak_kw`.execute(db);
}
