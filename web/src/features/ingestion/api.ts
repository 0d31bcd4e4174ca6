import {
  deleteQuarantinedMessage,
  quarantinedMessages,
  reingestQuarantinedMessage,
} from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

const QUARANTINE_QUERIES = [quarantinedMessages];

export function useQuarantinedMessages(query: EndpointQueryInput<typeof quarantinedMessages>) {
  return useApiQuery(quarantinedMessages, { query });
}

/** Refused again, the message stays with its new reason: the list is stale either way. */
export function useReingestQuarantinedMessage() {
  return useApiMutation(reingestQuarantinedMessage, { invalidates: QUARANTINE_QUERIES });
}

export function useDeleteQuarantinedMessage() {
  return useApiMutation(deleteQuarantinedMessage, { invalidates: QUARANTINE_QUERIES });
}
