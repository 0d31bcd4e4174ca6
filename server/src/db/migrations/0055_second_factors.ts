import { type Kysely, sql } from 'kysely';

/**
 * A second factor at sign-in: an authenticator app (TOTP, RFC 6238) per account with its
 * single-use recovery codes (stored as SHA-256: they are random, so no slow hash is needed),
 * and the browsers that may skip it for a while (by the digest of their device cookie).
 * `last_time_step` refuses a code used once from being used again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE second_factors (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      totp_secret text NOT NULL,
      enabled_at timestamptz,
      last_time_step bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE recovery_codes (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code_digest text NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (user_id, code_digest)
    );
    CREATE TABLE remembered_devices (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      device_digest text NOT NULL,
      remembered_until timestamptz NOT NULL,
      PRIMARY KEY (user_id, device_digest)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE remembered_devices, recovery_codes, second_factors`.execute(db);
}
