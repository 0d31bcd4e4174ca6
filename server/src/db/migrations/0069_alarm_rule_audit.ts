import type { Kysely } from 'kysely';
import { allowAuditActions, withdrawAuditActions } from '../audit-action-check.js';

/** A change of an alarm rule's settings, and its reset to the defaults, are audited. */
const AUDIT_ACTIONS = ['alarmRule.saved', 'alarmRule.reset'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await allowAuditActions(db, AUDIT_ACTIONS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withdrawAuditActions(db, AUDIT_ACTIONS);
}
