import { type Kysely, sql } from 'kysely';

/**
 * Passkeys (WebAuthn credentials) as a second factor beside the authenticator app: any number
 * per account, each with the public key and signature counter `@simplewebauthn/server` checks.
 * `webauthn_challenges` holds each challenge the server handed out until it is answered (once)
 * or expires; a registration's challenge and a sign-in's are kept apart by `purpose`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE passkeys (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      credential_id text NOT NULL UNIQUE,
      public_key bytea NOT NULL,
      counter bigint NOT NULL DEFAULT 0,
      transports text[] NOT NULL DEFAULT '{}',
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    );
    CREATE INDEX passkeys_user_id ON passkeys (user_id);
    CREATE TABLE webauthn_challenges (
      challenge text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('register', 'sign_in')),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX webauthn_challenges_expires_at ON webauthn_challenges (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE webauthn_challenges, passkeys`.execute(db);
}
