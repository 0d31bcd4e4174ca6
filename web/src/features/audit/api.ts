import { listAuditEntries } from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiQuery } from '../../shared/api/hooks';

export function useAuditEntries(query: EndpointQueryInput<typeof listAuditEntries>) {
  return useApiQuery(listAuditEntries, { query });
}
