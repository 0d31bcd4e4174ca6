import {
  deleteVersion,
  latestVersion,
  listManagedVersions,
  publishVersion,
  updateVersionNotes,
  versionNotes,
  versionTimeline,
} from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

/** What a published, edited or deleted version changes: the lists and the version dialog. */
const VERSION_QUERIES = [listManagedVersions, latestVersion, versionNotes, versionTimeline];

export function useManagedVersions(query: EndpointQueryInput<typeof listManagedVersions>) {
  return useApiQuery(listManagedVersions, { query });
}

export function usePublishVersion() {
  return useApiMutation(publishVersion, { invalidates: VERSION_QUERIES });
}

export function useUpdateVersionNotes() {
  return useApiMutation(updateVersionNotes, { invalidates: VERSION_QUERIES });
}

export function useDeleteVersion() {
  return useApiMutation(deleteVersion, { invalidates: VERSION_QUERIES });
}
