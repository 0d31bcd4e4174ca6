import type { Kysely } from 'kysely';
import { allowAuditActions, withdrawAuditActions } from '../audit-action-check.js';

/** Overrides of the web app's texts (`language_entries` of the `web` dictionary) are audited. */
const AUDIT_ACTIONS = ['languageText.set', 'languageText.removed'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await allowAuditActions(db, AUDIT_ACTIONS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await withdrawAuditActions(db, AUDIT_ACTIONS);
}
