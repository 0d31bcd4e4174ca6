import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { EVENT_DESCRIPTORS } from './descriptor-catalogue.js';

/**
 * Writes the event catalogue into `event_descriptors` at every start, so the texts the code
 * ships are the texts the database answers with; migrations stay free of live code. Rows whose
 * level and texts already match are left untouched, so concurrent starts write nothing.
 */
export async function seedEventDescriptors(db: Db): Promise<void> {
  await db
    .insertInto('event_descriptors')
    .values(
      EVENT_DESCRIPTORS.map((descriptor) => ({
        code: descriptor.code,
        level: descriptor.level,
        texts: JSON.stringify(descriptor.texts),
      })),
    )
    .onConflict((conflict) =>
      conflict
        .column('code')
        .doUpdateSet({ level: sql`EXCLUDED.level`, texts: sql`EXCLUDED.texts` })
        .where(
          sql<boolean>`(event_descriptors.level, event_descriptors.texts) IS DISTINCT FROM (EXCLUDED.level, EXCLUDED.texts)`,
        ),
    )
    .execute();
}
