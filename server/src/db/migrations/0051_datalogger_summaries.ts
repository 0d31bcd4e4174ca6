import { type Kysely, sql } from 'kysely';

/**
 * A stored live summary per datalogger, so that plant lists, the map, the status counts and the
 * dashboard's fleet figures read one small row per datalogger instead of aggregating every
 * device's last values and today's rollups on each request (the plant list sorted by power was a
 * third of the database's time under the API bench).
 *
 * Statement triggers keep it: any change of devices, today's energy rows, a datalogger's plant or
 * a plant's time zone recomputes the touched dataloggers' rows, whichever code path made it. The
 * ingestion, which changes devices and energy several times per batch, defers them for its
 * transaction (`solar.summaries_deferred`) and refreshes its dataloggers' rows once at the end.
 * The rows are per datalogger, not per plant, because the ingestion's concurrent transactions
 * never share a datalogger: they never write the same summary row.
 *
 * The figures are those of a plant's summary in `plants/plant-summary.ts`, which reads them:
 * devices reporting (status other than offline) and offline, the worst status severity among the
 * reporting ones (the contract's `STATUS_SEVERITY`, frozen here), the inverters' current power
 * while reporting, and for the plant-local `day` the inverters' generation (the daily rollup, or
 * the inverter's own day counter when it reported that day and the rollup lags) and the rollup
 * alone. A reader counts the energies only while `day` is still the plant's today.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE datalogger_summaries (
      datalogger_id integer PRIMARY KEY REFERENCES dataloggers (id) ON DELETE CASCADE,
      reporting_devices integer NOT NULL,
      offline_devices integer NOT NULL,
      worst_severity integer,
      power_w double precision NOT NULL,
      day date,
      today_kwh double precision NOT NULL,
      today_rollup_kwh double precision NOT NULL,
      last_seen_at timestamptz
    ) WITH (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.02);

    CREATE FUNCTION refresh_datalogger_summaries(ids integer[]) RETURNS void
    LANGUAGE sql VOLATILE AS $$
      INSERT INTO datalogger_summaries AS s (datalogger_id, reporting_devices, offline_devices,
        worst_severity, power_w, day, today_kwh, today_rollup_kwh, last_seen_at)
      SELECT dl.id,
        COUNT(d.id) FILTER (WHERE d.status <> 'offline'),
        COUNT(d.id) FILTER (WHERE d.status = 'offline'),
        MAX(CASE d.status WHEN 'normal' THEN 0 WHEN 'upgrading' THEN 1 WHEN 'warning' THEN 2
          WHEN 'offline' THEN 3 WHEN 'protect' THEN 4 WHEN 'fault' THEN 5 END)
          FILTER (WHERE d.status <> 'offline'),
        COALESCE(SUM(CASE WHEN d.kind = 'inverter' AND d.status <> 'offline'
          AND jsonb_typeof(d.last_values -> 'pac_w') = 'number'
          THEN (d.last_values ->> 'pac_w')::float8 END), 0),
        local.day,
        COALESCE(SUM(CASE WHEN d.kind = 'inverter' THEN GREATEST(COALESCE(e.energy_kwh, 0),
          CASE WHEN d.last_seen_at >= (local.day::timestamp AT TIME ZONE p.time_zone)
            AND jsonb_typeof(d.last_values -> 'e_day_kwh') = 'number'
            THEN (d.last_values ->> 'e_day_kwh')::float8 ELSE 0 END) END), 0),
        COALESCE(SUM(e.energy_kwh) FILTER (WHERE d.kind = 'inverter'), 0),
        MAX(d.last_seen_at)
      FROM dataloggers dl
      LEFT JOIN plants p ON p.id = dl.plant_id
      CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE p.time_zone)::date AS day) local
      LEFT JOIN devices d ON d.datalogger_id = dl.id
      LEFT JOIN energy_daily e ON e.device_id = d.id AND e.day = local.day
      WHERE dl.id = ANY (ids)
      GROUP BY dl.id, local.day
      ON CONFLICT (datalogger_id) DO UPDATE SET
        reporting_devices = EXCLUDED.reporting_devices,
        offline_devices = EXCLUDED.offline_devices,
        worst_severity = EXCLUDED.worst_severity,
        power_w = EXCLUDED.power_w,
        day = EXCLUDED.day,
        today_kwh = EXCLUDED.today_kwh,
        today_rollup_kwh = EXCLUDED.today_rollup_kwh,
        last_seen_at = EXCLUDED.last_seen_at
    $$;

    -- One function per transition-table shape: PostgreSQL allows no event list with them.
    CREATE FUNCTION devices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('solar.summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
      IF TG_OP = 'INSERT' THEN
        PERFORM refresh_datalogger_summaries(ARRAY(SELECT DISTINCT datalogger_id FROM new_rows));
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM refresh_datalogger_summaries(ARRAY(SELECT DISTINCT datalogger_id FROM old_rows));
      ELSE
        PERFORM refresh_datalogger_summaries(ARRAY(
          SELECT datalogger_id FROM new_rows UNION SELECT datalogger_id FROM old_rows));
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER devices_summary_insert AFTER INSERT ON devices
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION devices_changed();
    CREATE TRIGGER devices_summary_update AFTER UPDATE ON devices
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION devices_changed();
    CREATE TRIGGER devices_summary_delete AFTER DELETE ON devices
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION devices_changed();

    CREATE FUNCTION energy_daily_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('solar.summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
      IF TG_OP = 'DELETE' THEN
        PERFORM refresh_datalogger_summaries(ARRAY(SELECT DISTINCT d.datalogger_id
          FROM old_rows r JOIN devices d ON d.id = r.device_id));
      ELSE
        PERFORM refresh_datalogger_summaries(ARRAY(SELECT DISTINCT d.datalogger_id
          FROM new_rows r JOIN devices d ON d.id = r.device_id));
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER energy_daily_summary_insert AFTER INSERT ON energy_daily
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION energy_daily_changed();
    CREATE TRIGGER energy_daily_summary_update AFTER UPDATE ON energy_daily
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION energy_daily_changed();
    CREATE TRIGGER energy_daily_summary_delete AFTER DELETE ON energy_daily
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION energy_daily_changed();

    -- A datalogger bound to another plant, or a plant in another time zone, has another today.
    CREATE FUNCTION dataloggers_moved() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('solar.summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
      PERFORM refresh_datalogger_summaries(ARRAY(SELECT n.id FROM new_rows n
        JOIN old_rows o ON o.id = n.id WHERE n.plant_id IS DISTINCT FROM o.plant_id));
      RETURN NULL;
    END $$;
    CREATE TRIGGER dataloggers_summary_update AFTER UPDATE ON dataloggers
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION dataloggers_moved();

    CREATE FUNCTION plants_rezoned() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('solar.summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
      PERFORM refresh_datalogger_summaries(ARRAY(SELECT dl.id FROM new_rows n
        JOIN old_rows o ON o.id = n.id JOIN dataloggers dl ON dl.plant_id = n.id
        WHERE n.time_zone IS DISTINCT FROM o.time_zone));
      RETURN NULL;
    END $$;
    CREATE TRIGGER plants_summary_update AFTER UPDATE ON plants
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION plants_rezoned();

    SELECT refresh_datalogger_summaries(ARRAY(SELECT id FROM dataloggers));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER plants_summary_update ON plants;
    DROP TRIGGER dataloggers_summary_update ON dataloggers;
    DROP TRIGGER energy_daily_summary_delete ON energy_daily;
    DROP TRIGGER energy_daily_summary_update ON energy_daily;
    DROP TRIGGER energy_daily_summary_insert ON energy_daily;
    DROP TRIGGER devices_summary_delete ON devices;
    DROP TRIGGER devices_summary_update ON devices;
    DROP TRIGGER devices_summary_insert ON devices;
    DROP FUNCTION plants_rezoned(), dataloggers_moved(), energy_daily_changed(), devices_changed(),
      refresh_datalogger_summaries(integer[]);
    DROP TABLE datalogger_summaries;
  `.execute(db);
}
