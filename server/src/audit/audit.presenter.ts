import type { AuditEntry } from '@solar/contract';
import type { AuditEntryRow } from './audit.tables.js';

export function presentAuditEntry(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    actorEmail: row.actor_email,
    apiKeyName: row.api_key_name,
    action: row.action,
    target: row.target,
    detail: row.detail as Record<string, unknown>,
    address: row.address,
    createdAt: row.created_at.toISOString(),
  };
}
