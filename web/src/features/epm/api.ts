import {
  createShareLink,
  listCommunicationLog,
  listEpmDevices,
  readEpmSettings,
  writeEpmSettings,
} from '@solar/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

/** Grid power against the limit refreshes this often. */
export const EPM_POLL_MS = 10_000;

export function useEpmDevices(query: { page: number; size: number; keyword?: string }) {
  return useApiQuery(listEpmDevices, { query }, { refetchInterval: EPM_POLL_MS });
}

export function useReadEpmSettings() {
  return useApiMutation(readEpmSettings, { invalidates: [listCommunicationLog] });
}

export function useWriteEpmSettings() {
  return useApiMutation(writeEpmSettings, { invalidates: [listCommunicationLog, listEpmDevices] });
}

export function useCreateShareLink() {
  return useApiMutation(createShareLink);
}
