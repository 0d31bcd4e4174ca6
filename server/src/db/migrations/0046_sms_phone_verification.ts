import { type Kysely, sql } from 'kysely';

/**
 * An SMS number gets alarm texts only once its owner proved it with a texted code: SMS codes
 * belong to the account that asked for them (`verification_codes.user_id`), and the account
 * records when its number was confirmed. Opt-ins from before, never confirmed, are switched off
 * so the profile does not promise texts that will not come.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE verification_codes
      ADD COLUMN user_id integer REFERENCES users(id) ON DELETE CASCADE;
    CREATE INDEX verification_codes_user_idx ON verification_codes (user_id, purpose, created_at DESC)
      WHERE user_id IS NOT NULL;
    ALTER TABLE users ADD COLUMN sms_phone_verified_at timestamptz;
    UPDATE users SET sms_opt_in = false WHERE sms_opt_in;
    ALTER TABLE users ADD CONSTRAINT users_sms_opt_in_verified
      CHECK (NOT sms_opt_in OR (sms_phone IS NOT NULL AND sms_phone_verified_at IS NOT NULL));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users DROP CONSTRAINT users_sms_opt_in_verified;
    ALTER TABLE users DROP COLUMN sms_phone_verified_at;
    DROP INDEX verification_codes_user_idx;
    ALTER TABLE verification_codes DROP COLUMN user_id;
  `.execute(db);
}
