import { type Kysely, sql } from 'kysely';
import { allowAuditActions, withdrawAuditActions } from '../audit-action-check.js';

const AUDIT_ACTIONS = ['command.cancelled'];

/**
 * A queued command its user withdraws ends `cancelled` (ThingsBoard's RPC life): it is never
 * sent. `cancelled_by` is who withdrew it; `finished_at` says when; the audit log keeps the
 * withdrawal too (`command.cancelled`, with the address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE device_commands
      DROP CONSTRAINT device_commands_state_check,
      ADD CONSTRAINT device_commands_state_check CHECK (
        state IN ('queued', 'sent', 'acknowledged', 'done', 'failed', 'timedOut', 'cancelled')
      ),
      ADD COLUMN cancelled_by integer REFERENCES users (id) ON DELETE SET NULL
  `.execute(db);
  await allowAuditActions(db, AUDIT_ACTIONS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withdrawAuditActions(db, AUDIT_ACTIONS);
  await sql`
    DELETE FROM device_commands WHERE state = 'cancelled';
    ALTER TABLE device_commands
      DROP COLUMN cancelled_by,
      DROP CONSTRAINT device_commands_state_check,
      ADD CONSTRAINT device_commands_state_check CHECK (
        state IN ('queued', 'sent', 'acknowledged', 'done', 'failed', 'timedOut')
      )
  `.execute(db);
}
