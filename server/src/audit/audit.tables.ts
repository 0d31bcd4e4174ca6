import type { Row } from '../db/schema.js';

export type AuditEntryRow = Row<'audit_entries'>;
