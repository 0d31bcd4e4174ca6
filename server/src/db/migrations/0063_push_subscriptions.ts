import { type Kysely, sql } from 'kysely';

/**
 * Web Push (issue 39): the browsers subscribed to an account's notifications (one row per push
 * endpoint, which moves to whoever subscribes it last) and the outbox every push message passes
 * through, like `mail_outbox` and `sms_outbox`. A subscription the push service reports gone is
 * deleted, and its waiting messages with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE push_subscriptions (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      endpoint text NOT NULL UNIQUE,
      p256dh text NOT NULL,
      auth text NOT NULL,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_sent_at timestamptz
    );
    CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, created_at DESC);
    CREATE TABLE push_outbox (
      id bigserial PRIMARY KEY,
      subscription_id integer NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
      title text NOT NULL,
      body text NOT NULL,
      url text NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      error text,
      dedupe_key text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );
    CREATE INDEX push_outbox_subscription ON push_outbox (subscription_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE push_outbox, push_subscriptions`.execute(db);
}
