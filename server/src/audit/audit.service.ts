import type { AuditAction, listAuditEntries, ParsedQuery } from '@solar/contract';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { containsPattern, fetchPage, whereWithinRange } from '../db/listing.js';
import type { AuditEntryRow } from './audit.tables.js';

/** Who acts and from which address: what every audit entry records besides the action. */
export interface AuditActor {
  userId: number;
  email: string;
  address: string;
  /** The API key the actor acted with, if any: the entry names it. */
  apiKey?: { id: number; name: string } | null;
}

export function auditActor(auth: AuthContext, request: FastifyRequest): AuditActor {
  const apiKey = auth.apiKey && { id: auth.apiKey.id, name: auth.apiKey.name };
  return { userId: auth.userId, email: auth.email, address: request.ip, apiKey };
}

export interface AuditRecord {
  action: AuditAction;
  /** What was acted on, readable on its own: `company 12 "Sunny Ltd"`. */
  target: string;
  detail?: Record<string, unknown>;
}

/** Writes one entry, inside the caller's transaction so the entry and the change commit together. */
export async function recordAudit(db: Db, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_entries')
    .values({
      actor_id: actor.userId,
      actor_email: actor.email,
      action: record.action,
      target: record.target,
      detail: JSON.stringify(record.detail ?? {}),
      address: actor.address,
      api_key_id: actor.apiKey?.id ?? null,
      api_key_name: actor.apiKey?.name ?? null,
    })
    .execute();
}

export type AuditQuery = ParsedQuery<typeof listAuditEntries>;
export type AuditFilters = Omit<AuditQuery, 'page' | 'size'>;

/** The audit entries the filters select, for the list and for its export. */
export function filteredAuditEntries(db: Db, filters: AuditFilters) {
  let base = db.selectFrom('audit_entries');
  if (filters.action) base = base.where('action', '=', filters.action);
  const actor = filters.actor?.trim();
  if (actor) base = base.where('actor_email', 'ilike', containsPattern(actor));
  return whereWithinRange(base, 'created_at', filters);
}

export class AuditService {
  constructor(private readonly db: Db) {}

  async list(query: AuditQuery): Promise<{ rows: AuditEntryRow[]; total: number }> {
    const base = filteredAuditEntries(this.db, query);
    return fetchPage(
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }
}
