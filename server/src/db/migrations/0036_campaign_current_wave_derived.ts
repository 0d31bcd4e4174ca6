import { type Kysely, sql } from 'kysely';

/**
 * A campaign's current wave is its highest wave number (0 before the canary): the column that
 * repeated it is dropped and the number is read from `upgrade_campaign_waves` (its primary key
 * serves the lookup), so the two can never disagree.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE upgrade_campaigns DROP COLUMN current_wave`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE upgrade_campaigns ADD COLUMN current_wave integer NOT NULL DEFAULT 0;
    UPDATE upgrade_campaigns c
       SET current_wave = w.number
      FROM (SELECT campaign_id, max(number) AS number FROM upgrade_campaign_waves
             GROUP BY campaign_id) w
     WHERE w.campaign_id = c.id;
  `.execute(db);
}
