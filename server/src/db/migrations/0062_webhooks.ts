import { type Kysely, sql } from 'kysely';

/**
 * Signed webhooks (issue 38, docs/webhooks.md).
 *
 * - `webhook_subscriptions`: a user's own (company_id null) or their company's; the secret and
 *   the one before the last rotation (signing too until `previous_secret_expires_at`) are
 *   sealed by the server's column cipher.
 * - `webhook_outbox`: one row per thing that happened, written by the triggers below in the
 *   transaction that made it happen, so no path that opens an event, ends a command or marks a
 *   plant offline can forget it and nothing is announced that rolled back. A NOTIFY on
 *   `webhook_outbox` wakes the dispatcher, which fans rows out to the subscriptions.
 * - `webhook_deliveries`: one message to one subscription, with its last attempt's answer.
 * - `webhook_plant_reachability`: whether each plant was last announced online, so a plant
 *   whose devices go offline in one statement is announced once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE webhook_subscriptions (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      company_id integer REFERENCES companies (id) ON DELETE CASCADE,
      url text NOT NULL CHECK (length(url) <= 2000),
      events text[] NOT NULL,
      secret text NOT NULL,
      previous_secret text,
      previous_secret_expires_at timestamptz,
      portal_url text NOT NULL,
      is_enabled boolean NOT NULL DEFAULT true,
      disabled_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhook_subscriptions_user ON webhook_subscriptions (user_id);
    CREATE INDEX webhook_subscriptions_company ON webhook_subscriptions (company_id)
      WHERE company_id IS NOT NULL;

    CREATE TABLE webhook_outbox (
      id bigserial PRIMARY KEY,
      type text NOT NULL CHECK (type IN ('event.opened', 'event.closed', 'command.finished',
        'plant.offline', 'plant.online', 'upgrade.finished', 'export.ready')),
      -- The row it is about: an event, command, plant, upgrade job or export id.
      subject text NOT NULL,
      plant_id integer REFERENCES plants (id) ON DELETE CASCADE,
      -- For what concerns one user only (an export): that user.
      user_id integer REFERENCES users (id) ON DELETE CASCADE,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      dispatched_at timestamptz
    );
    CREATE INDEX webhook_outbox_waiting ON webhook_outbox (id) WHERE dispatched_at IS NULL;

    CREATE TABLE webhook_deliveries (
      id bigserial PRIMARY KEY,
      subscription_id integer NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
      outbox_id bigint REFERENCES webhook_outbox (id) ON DELETE SET NULL,
      message_id text NOT NULL,
      type text NOT NULL,
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      http_status integer,
      latency_ms integer,
      response_excerpt text,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_attempt_at timestamptz,
      next_attempt_at timestamptz,
      UNIQUE (subscription_id, outbox_id)
    );
    CREATE INDEX webhook_deliveries_log ON webhook_deliveries (subscription_id, id DESC);

    CREATE TABLE webhook_plant_reachability (
      plant_id integer PRIMARY KEY REFERENCES plants (id) ON DELETE CASCADE,
      is_online boolean NOT NULL
    );

    CREATE FUNCTION webhook_announce(kind text, subject text, plant integer, owner integer)
      RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO webhook_outbox (type, subject, plant_id, user_id)
        VALUES (kind, subject, plant, owner);
      PERFORM pg_notify('webhook_outbox', '');
    END $$;

    CREATE FUNCTION webhook_plant_of_device(device integer) RETURNS integer
      LANGUAGE sql STABLE AS $$
      SELECT l.plant_id FROM devices d JOIN dataloggers l ON l.id = d.datalogger_id
        WHERE d.id = device
    $$;

    CREATE FUNCTION webhook_event_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      plant integer := webhook_plant_of_device(NEW.device_id);
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM webhook_announce('event.opened', NEW.id::text, plant, NULL);
      END IF;
      IF NEW.ended_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.ended_at IS NULL) THEN
        PERFORM webhook_announce('event.closed', NEW.id::text, plant, NULL);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER events_webhooks AFTER INSERT OR UPDATE OF ended_at ON events
      FOR EACH ROW EXECUTE FUNCTION webhook_event_changed();

    CREATE FUNCTION webhook_command_finished() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM webhook_announce('command.finished', NEW.id::text, (SELECT plant_id FROM dataloggers
        WHERE id = NEW.datalogger_id), NULL);
      RETURN NULL;
    END $$;
    CREATE TRIGGER device_commands_webhooks AFTER UPDATE OF state ON device_commands
      FOR EACH ROW
      WHEN (NEW.state IN ('done', 'failed', 'timedOut', 'cancelled')
        AND OLD.state NOT IN ('done', 'failed', 'timedOut', 'cancelled'))
      EXECUTE FUNCTION webhook_command_finished();

    CREATE FUNCTION webhook_upgrade_finished() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM webhook_announce('upgrade.finished', NEW.id::text, COALESCE(NEW.plant_id,
        (SELECT plant_id FROM dataloggers WHERE id = NEW.datalogger_id)), NULL);
      RETURN NULL;
    END $$;
    CREATE TRIGGER upgrade_jobs_webhooks AFTER UPDATE OF status ON upgrade_jobs
      FOR EACH ROW
      WHEN (NEW.status IN ('succeeded', 'failed', 'canceled')
        AND OLD.status NOT IN ('succeeded', 'failed', 'canceled'))
      EXECUTE FUNCTION webhook_upgrade_finished();

    CREATE FUNCTION webhook_export_ready() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM webhook_announce('export.ready', NEW.id::text, NULL, NEW.user_id);
      RETURN NULL;
    END $$;
    CREATE TRIGGER exports_webhooks AFTER UPDATE OF status ON exports
      FOR EACH ROW WHEN (NEW.status = 'ready' AND OLD.status <> 'ready')
      EXECUTE FUNCTION webhook_export_ready();

    -- A plant is offline when every device it has is. The upsert's row lock orders the
    -- transactions that change one plant, and announces each change once.
    CREATE FUNCTION webhook_plant_reachability_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      plant integer := webhook_plant_of_device(NEW.id);
      reachable integer;
      was_known boolean;
      is_changed boolean;
    BEGIN
      IF plant IS NULL THEN RETURN NULL; END IF;
      SELECT count(*) INTO reachable FROM devices d JOIN dataloggers l ON l.id = d.datalogger_id
        WHERE l.plant_id = plant AND d.status <> 'offline';
      SELECT true INTO was_known FROM webhook_plant_reachability WHERE plant_id = plant;
      WITH upserted AS (
        INSERT INTO webhook_plant_reachability AS r (plant_id, is_online)
          VALUES (plant, reachable > 0)
          ON CONFLICT (plant_id) DO UPDATE SET is_online = EXCLUDED.is_online
            WHERE r.is_online <> EXCLUDED.is_online
          RETURNING 1
      ) SELECT count(*) > 0 INTO is_changed FROM upserted;
      -- First sight of a plant: offline is news; online only when this device alone is up.
      IF is_changed AND (was_known OR reachable = 0 OR reachable = 1) THEN
        PERFORM webhook_announce(
          CASE WHEN reachable = 0 THEN 'plant.offline' ELSE 'plant.online' END,
          plant::text, plant, NULL);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER devices_webhooks AFTER UPDATE OF status ON devices
      FOR EACH ROW WHEN ((OLD.status = 'offline') <> (NEW.status = 'offline'))
      EXECUTE FUNCTION webhook_plant_reachability_changed();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER devices_webhooks ON devices;
    DROP TRIGGER exports_webhooks ON exports;
    DROP TRIGGER upgrade_jobs_webhooks ON upgrade_jobs;
    DROP TRIGGER device_commands_webhooks ON device_commands;
    DROP TRIGGER events_webhooks ON events;
    DROP FUNCTION webhook_plant_reachability_changed();
    DROP FUNCTION webhook_export_ready();
    DROP FUNCTION webhook_upgrade_finished();
    DROP FUNCTION webhook_command_finished();
    DROP FUNCTION webhook_event_changed();
    DROP FUNCTION webhook_plant_of_device(integer);
    DROP FUNCTION webhook_announce(text, text, integer, integer);
    DROP TABLE webhook_plant_reachability;
    DROP TABLE webhook_deliveries;
    DROP TABLE webhook_outbox;
    DROP TABLE webhook_subscriptions;
  `.execute(db);
}
