import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../index.js';
import { instantRange } from './rules.js';

/** The object schemas a request schema is made of: itself, or each member of a union. */
function objectsOf(schema: unknown): z.ZodObject[] {
  if (schema instanceof z.ZodObject) return [schema];
  if (schema instanceof z.ZodUnion) return schema.options.flatMap(objectsOf);
  return [];
}

/** Every query or body (an export kind) whose shape holds the shared instant range. */
function requestsWithInstantRange() {
  const found: { name: string; schema: z.ZodObject; kind?: string }[] = [];
  for (const [name, value] of Object.entries(contract)) {
    if (typeof value !== 'object' || value === null || !('method' in value)) continue;
    const endpoint = value as contract.Endpoint;
    for (const schema of [endpoint.query, endpoint.body].flatMap(objectsOf)) {
      if (schema.shape.from !== instantRange.from) continue;
      const literal = schema.shape.kind instanceof z.ZodLiteral ? schema.shape.kind.value : null;
      const kind = typeof literal === 'string' ? literal : undefined;
      found.push({ name: kind ? `${name} ${kind}` : name, schema, ...(kind ? { kind } : {}) });
    }
  }
  return found;
}

describe('the lists filtered by an instant range', () => {
  const requests = requestsWithInstantRange();

  it('are the logs, in their lists and their exports', () => {
    expect(requests.map((request) => request.name).sort()).toEqual([
      'createExport audit',
      'createExport commandLog',
      'createExport debugLog',
      'createExport versionLog',
      'exportMaintenanceLog',
      'getWorkOrderKpis',
      'listAuditEntries',
      'listCommunicationLog',
      'listDebugLog',
      'listMaintenanceLog',
      'versionTimeline',
    ]);
  });

  it.each(requests)(
    '$name refuses a range that does not end after it starts',
    ({ schema, kind }) => {
      const exportFields = kind ? { kind, format: 'csv' } : {};
      const inOrder = { from: '2026-11-25T00:00:00+08:00', to: '2026-11-26T00:00:00+08:00' };
      expect(schema.safeParse({ ...exportFields, ...inOrder }).error?.issues).toBeUndefined();
      const empty = { from: '2026-11-26T00:00:00+08:00', to: '2026-11-25T16:00:00Z' };
      const reversed = { from: '2026-11-26T00:00:00+08:00', to: '2026-11-25T23:59:59.999+08:00' };
      for (const range of [empty, reversed]) {
        expect(schema.safeParse({ ...exportFields, ...range }).error?.issues).toEqual([
          expect.objectContaining({ message: 'validation.startBeforeEnd', path: ['to'] }),
        ]);
      }
    },
  );
});
