import {
  createShareLink,
  FAMILY_ENDPOINTS,
  type FamilyEndpoints,
  listCommunicationLog,
  readEpmSettings,
  writeEpmSettings,
} from '@solar/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';
import type { EndpointQueryInput } from '../../shared/api/client';

/** Grid power against the limit refreshes this often. */
export const EPM_POLL_MS = 10_000;

/** The EPM family's list (`/api/v1/epms`), polled for live grid power and limits. */
export function useEpmDevices(query: EndpointQueryInput<FamilyEndpoints['list']>) {
  return useApiQuery(FAMILY_ENDPOINTS.epm.list, { query }, { refetchInterval: EPM_POLL_MS });
}

export function useReadEpmSettings() {
  return useApiMutation(readEpmSettings, { invalidates: [listCommunicationLog] });
}

export function useWriteEpmSettings() {
  return useApiMutation(writeEpmSettings, {
    invalidates: [listCommunicationLog, FAMILY_ENDPOINTS.epm.list],
  });
}

export function useCreateShareLink() {
  return useApiMutation(createShareLink);
}
