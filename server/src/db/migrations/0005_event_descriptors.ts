import { type Kysely, sql } from 'kysely';
import { EVENT_DESCRIPTORS } from '../../events/descriptor-catalogue.js';

/** The inverter event codes with texts and suggestions in the 13 locales. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const descriptor of EVENT_DESCRIPTORS) {
    await sql`
      INSERT INTO event_descriptors (code, level, texts)
      VALUES (${descriptor.code}, ${descriptor.level}, ${JSON.stringify(descriptor.texts)}::jsonb)
      ON CONFLICT (code) DO UPDATE SET level = EXCLUDED.level, texts = EXCLUDED.texts
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM event_descriptors`.execute(db);
}
