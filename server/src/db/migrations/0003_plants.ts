import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE plants (
      id serial PRIMARY KEY,
      name text NOT NULL,
      owner_user_id integer NOT NULL REFERENCES users (id),
      company_id integer REFERENCES companies (id) ON DELETE SET NULL,
      capacity_kwp numeric(12, 3) NOT NULL DEFAULT 0,
      commissioning_date date,
      plant_type text NOT NULL DEFAULT 'grid' CHECK (plant_type IN ('grid', 'ac_coupled', 'dc_coupled')),
      currency text NOT NULL DEFAULT 'EUR',
      valuation_method text NOT NULL DEFAULT 'constant' CHECK (valuation_method IN ('constant', 'time_of_use', 'generation')),
      constant_price numeric(10, 4) NOT NULL DEFAULT 0,
      tou_segments jsonb NOT NULL DEFAULT '[]',
      generation_tiers jsonb NOT NULL DEFAULT '[]',
      longitude double precision,
      latitude double precision,
      address text,
      time_zone text NOT NULL DEFAULT 'UTC',
      region_country text,
      region_state text,
      region_city text,
      picture_url text,
      contacts jsonb NOT NULL DEFAULT '[]',
      total_investment numeric(16, 5),
      installer_email text,
      generation_offset_kwh numeric(8, 1) NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX plants_owner_idx ON plants (owner_user_id);
    CREATE INDEX plants_company_idx ON plants (company_id);

    CREATE TABLE plant_shares (
      plant_id integer NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('visitor', 'manager')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (plant_id, user_id)
    );
    CREATE INDEX plant_shares_user_idx ON plant_shares (user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE plant_shares, plants;`.execute(db);
}
