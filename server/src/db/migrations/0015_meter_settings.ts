import { type Kysely, sql } from 'kysely';

/**
 * A meter's settings (spec section 1): master flag, CT and PT ratios, buy and sell offsets,
 * tip/peak/flat/valley prices and a discount factor. One master per plant is checked by the
 * meters service under a lock of the plant row (a meter's plant is its datalogger's, which may
 * change, so no index can hold the rule).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE meter_settings (
      device_id integer PRIMARY KEY REFERENCES devices (id) ON DELETE CASCADE,
      master boolean NOT NULL DEFAULT false,
      ct_ratio numeric(12, 2) NOT NULL DEFAULT 1 CHECK (ct_ratio > 0),
      pt_ratio numeric(12, 2) NOT NULL DEFAULT 1 CHECK (pt_ratio > 0),
      buy_offset_kwh numeric(14, 3) NOT NULL DEFAULT 0,
      sell_offset_kwh numeric(14, 3) NOT NULL DEFAULT 0,
      price_tip numeric(10, 4) NOT NULL DEFAULT 0 CHECK (price_tip >= 0),
      price_peak numeric(10, 4) NOT NULL DEFAULT 0 CHECK (price_peak >= 0),
      price_flat numeric(10, 4) NOT NULL DEFAULT 0 CHECK (price_flat >= 0),
      price_valley numeric(10, 4) NOT NULL DEFAULT 0 CHECK (price_valley >= 0),
      discount_factor numeric(5, 4) NOT NULL DEFAULT 1
        CHECK (discount_factor >= 0 AND discount_factor <= 1),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE meter_settings`.execute(db);
}
