import type { Insertable } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import type { Database } from '../db/schema.js';

let phoneSequence = 0;

/** A text in the outbox as the sender leaves it, queued for an unknown number unless told. */
export async function buildOutboxMessage(
  deps: AppDeps,
  overrides: Partial<Insertable<Database['sms_outbox']>> = {},
) {
  phoneSequence += 1;
  return deps.db
    .insertInto('sms_outbox')
    .values({
      phone: `+4915${Date.now() % 1e7}${phoneSequence}`,
      text: 'Inverter fault at your plant',
      purpose: 'alarm',
      user_id: null,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
