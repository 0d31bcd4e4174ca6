import { type Kysely, sql } from 'kysely';

/**
 * The alarm rules that find lost energy (`@solar/contract` `ALARM_RULES`): a company's default
 * setting of a rule (plant_id null) and a plant's override (company_id null), checked by the
 * contract's schemas before they are written. And the energy each alarm lost per plant-local
 * day, with its value at the plant's price when it was reckoned: "lost this month" sums days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE alarm_rule_settings (
      id serial PRIMARY KEY,
      company_id integer REFERENCES companies (id) ON DELETE CASCADE,
      plant_id integer REFERENCES plants (id) ON DELETE CASCADE,
      rule text NOT NULL
        CHECK (rule IN ('lowSpecificYield', 'noDaylightProduction', 'dataloggerOffline')),
      is_enabled boolean NOT NULL,
      level smallint NOT NULL,
      parameters jsonb NOT NULL,
      updated_by integer REFERENCES users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT alarm_rule_settings_one_scope CHECK ((company_id IS NULL) <> (plant_id IS NULL))
    );
    CREATE UNIQUE INDEX alarm_rule_settings_company_key ON alarm_rule_settings (company_id, rule)
      WHERE plant_id IS NULL;
    CREATE UNIQUE INDEX alarm_rule_settings_plant_key ON alarm_rule_settings (plant_id, rule)
      WHERE company_id IS NULL;

    CREATE TABLE event_lost_energy (
      event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
      day date NOT NULL,
      lost_kwh double precision NOT NULL CHECK (lost_kwh >= 0),
      lost_value double precision NOT NULL,
      PRIMARY KEY (event_id, day)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE event_lost_energy, alarm_rule_settings`.execute(db);
}
