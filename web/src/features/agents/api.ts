import { addAgent, listAgents, removeAgent } from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

export function useAgents(query: EndpointQueryInput<typeof listAgents>) {
  return useApiQuery(listAgents, { query });
}

export function useAddAgent() {
  return useApiMutation(addAgent, { invalidates: [listAgents] });
}

export function useRemoveAgent() {
  return useApiMutation(removeAgent, { invalidates: [listAgents] });
}
