import {
  createFirmware,
  deleteFirmware,
  type FirmwareFields,
  firmwareUpload,
  listFirmwares,
  listFirmwareVersions,
  setFirmwareEnabled,
} from '@solar/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';
import type { EndpointQueryInput } from '../../shared/api/client';

export type FirmwareListQuery = EndpointQueryInput<typeof listFirmwares>;
const LIBRARY = [listFirmwares, listFirmwareVersions];

export function useFirmwares(query: FirmwareListQuery) {
  return useApiQuery(listFirmwares, { query });
}

/** The multipart form of an upload: the fields of section 3 first, the file last. */
export function firmwareForm(
  fields: Omit<FirmwareFields, 'notes'> & { notes?: string },
  file: File,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, String(value));
  }
  form.append(firmwareUpload.field, file);
  return form;
}

export function useCreateFirmware() {
  return useApiMutation(createFirmware, { invalidates: LIBRARY });
}

export function useSetFirmwareEnabled() {
  return useApiMutation(setFirmwareEnabled, { invalidates: LIBRARY });
}

export function useDeleteFirmware() {
  return useApiMutation(deleteFirmware, { invalidates: LIBRARY });
}
