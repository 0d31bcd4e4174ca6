import { listSmsMessages } from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiQuery } from '../../shared/api/hooks';

export function useSmsMessages(query: EndpointQueryInput<typeof listSmsMessages>) {
  return useApiQuery(listSmsMessages, { query });
}
