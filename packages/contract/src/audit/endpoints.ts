import { z } from 'zod';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';

/** What the audit log records: the platform and company administrators' decisive actions. */
export const AUDIT_ACTIONS = [
  'company.created',
  'company.updated',
  'company.disabled',
  'company.enabled',
  'account.readOnly',
  'account.writable',
  'notice.created',
  'notice.updated',
  'notice.published',
  'notice.invalidated',
  'stock.registered',
  'stock.unbound',
  'dictionary.created',
  'dictionary.updated',
  'dictionary.enabled',
  'dictionary.disabled',
  'version.published',
  'version.updated',
  'version.deleted',
  'product.created',
  'product.updated',
  'product.enabled',
  'product.disabled',
  'product.imageChanged',
  'hardware.added',
  'hardware.removed',
  'protocol.created',
  'protocol.updated',
  'protocol.enabled',
  'protocol.disabled',
  'protocolColumn.added',
  'protocolColumn.updated',
  'protocolColumn.removed',
  'brand.created',
  'brand.updated',
  'brand.logoChanged',
  'brand.faviconChanged',
  'languageText.set',
  'languageText.removed',
  'command.cancelled',
  'workOrder.created',
  'workOrder.updated',
  'workOrder.assigned',
  'workOrder.statusChanged',
  'workOrder.commented',
  'workOrder.photoAdded',
  'alarmRule.saved',
  'alarmRule.reset',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntry = z.object({
  id: z.number().int(),
  actorEmail: z.string(),
  /** The API key the actor acted with; null for a signed-in session. */
  apiKeyName: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string(),
  detail: z.record(z.string(), z.unknown()),
  address: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/**
 * What the audit log is filtered by, in the list and in its export; check the object with
 * `rules.rangeInOrder`.
 */
export const auditFilters = {
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: rules.text(64).optional(),
  // The time of the action, `to` excluded.
  ...rules.instantRange,
};

export const listAuditEntries = defineEndpoint({
  method: 'GET',
  path: '/api/v1/audit',
  summary: 'The audit log, newest first, filtered by action, actor and time range (ISO instants)',
  tag: 'audit',
  access: requires('sys.audit.view'),
  query: rules.rangeInOrder(z.object({ ...rules.paging, ...auditFilters })),
  data: pageOf(auditEntry),
});
