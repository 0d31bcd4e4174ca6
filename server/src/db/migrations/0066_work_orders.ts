import { type Kysely, sql } from 'kysely';
import { allowAuditActions, withdrawAuditActions } from '../audit-action-check.js';

const AUDIT_ACTIONS = [
  'workOrder.created',
  'workOrder.updated',
  'workOrder.assigned',
  'workOrder.statusChanged',
  'workOrder.commented',
  'workOrder.photoAdded',
];

/** The export kinds the check allows now, so kinds added by other migrations stay. */
async function exportKinds(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
    WHERE conname = 'exports_kind_check'
  `.execute(db);
  return [...(rows[0]?.definition ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1] ?? '');
}

async function replaceExportKinds(db: Kysely<unknown>, kinds: string[]): Promise<void> {
  const list = sql.join(kinds.map((kind) => sql.lit(kind)));
  await sql`ALTER TABLE exports DROP CONSTRAINT exports_kind_check`.execute(db);
  await sql`ALTER TABLE exports ADD CONSTRAINT exports_kind_check CHECK (kind IN (${list}))`.execute(
    db,
  );
}

/**
 * Work orders (issue 40): a repair job on one plant of a company, its devices and the alarms it
 * was made from, comments that log minutes of work, and photos. `reported_at` (the earliest
 * alarm's start, else the creation) starts the SLA clock and both KPIs; `acknowledged_at` is the
 * first move out of `open`, `closed_at` the move to done or cancelled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE work_orders (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      plant_id integer NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      priority text NOT NULL CHECK (priority IN ('P1', 'P2', 'P3', 'P4')),
      status text NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'inProgress', 'waiting', 'done', 'cancelled')),
      assignee_id integer REFERENCES users (id) ON DELETE SET NULL,
      created_by integer REFERENCES users (id) ON DELETE SET NULL,
      reported_at timestamptz NOT NULL,
      due_at timestamptz NOT NULL,
      acknowledged_at timestamptz,
      closed_at timestamptz,
      resolution text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX work_orders_company_status ON work_orders (company_id, status, due_at);
    CREATE INDEX work_orders_plant ON work_orders (plant_id);
    CREATE INDEX work_orders_assignee ON work_orders (assignee_id) WHERE assignee_id IS NOT NULL;

    CREATE TABLE work_order_devices (
      work_order_id integer NOT NULL REFERENCES work_orders (id) ON DELETE CASCADE,
      device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      PRIMARY KEY (work_order_id, device_id)
    );

    CREATE TABLE work_order_events (
      work_order_id integer NOT NULL REFERENCES work_orders (id) ON DELETE CASCADE,
      event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
      PRIMARY KEY (work_order_id, event_id)
    );
    CREATE INDEX work_order_events_event ON work_order_events (event_id);

    CREATE TABLE work_order_comments (
      id serial PRIMARY KEY,
      work_order_id integer NOT NULL REFERENCES work_orders (id) ON DELETE CASCADE,
      author_id integer REFERENCES users (id) ON DELETE SET NULL,
      body text NOT NULL,
      minutes_spent integer NOT NULL DEFAULT 0 CHECK (minutes_spent >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX work_order_comments_order ON work_order_comments (work_order_id, id);

    CREATE TABLE work_order_photos (
      id serial PRIMARY KEY,
      work_order_id integer NOT NULL REFERENCES work_orders (id) ON DELETE CASCADE,
      url text NOT NULL,
      uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX work_order_photos_order ON work_order_photos (work_order_id, id);
  `.execute(db);
  await allowAuditActions(db, AUDIT_ACTIONS);
  await replaceExportKinds(db, [...(await exportKinds(db)), 'workOrders']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM exports WHERE kind = 'workOrders'`.execute(db);
  const kinds = await exportKinds(db);
  await replaceExportKinds(
    db,
    kinds.filter((kind) => kind !== 'workOrders'),
  );
  await withdrawAuditActions(db, AUDIT_ACTIONS);
  await sql`
    DROP TABLE work_order_photos;
    DROP TABLE work_order_comments;
    DROP TABLE work_order_events;
    DROP TABLE work_order_devices;
    DROP TABLE work_orders;
  `.execute(db);
}
