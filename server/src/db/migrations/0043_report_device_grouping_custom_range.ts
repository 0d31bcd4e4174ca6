import { type Kysely, sql } from 'kysely';

/**
 * Reports grouped per device, and saved configurations with a custom period: a fixed range of
 * plant-local days (`period_from`..`period_to`, both set exactly when the period is custom).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE report_configs
      ADD COLUMN period_from date,
      ADD COLUMN period_to date,
      DROP CONSTRAINT report_configs_grouping_check,
      ADD CONSTRAINT report_configs_grouping_check
        CHECK (grouping IN ('plant', 'device', 'day', 'month')),
      DROP CONSTRAINT report_configs_period_check,
      ADD CONSTRAINT report_configs_period_check
        CHECK (period IN ('day', 'month', 'year', 'custom')),
      ADD CONSTRAINT report_configs_custom_range_check CHECK (
        (period = 'custom') = (period_from IS NOT NULL AND period_to IS NOT NULL)
        AND (period_from IS NULL OR period_from <= period_to)
        AND ((period_from IS NULL) = (period_to IS NULL))
      );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM report_configs WHERE period = 'custom' OR grouping = 'device';
    ALTER TABLE report_configs
      DROP CONSTRAINT report_configs_custom_range_check,
      DROP CONSTRAINT report_configs_period_check,
      ADD CONSTRAINT report_configs_period_check CHECK (period IN ('day', 'month', 'year')),
      DROP CONSTRAINT report_configs_grouping_check,
      ADD CONSTRAINT report_configs_grouping_check CHECK (grouping IN ('plant', 'day', 'month')),
      DROP COLUMN period_from,
      DROP COLUMN period_to;
  `.execute(db);
}
