import {
  checkVersionName,
  deleteVersion,
  ErrorCode,
  latestVersion,
  listManagedVersions,
  publishVersion,
  updateVersionNotes,
  versionNotes,
  versionTimeline,
} from '@solar/contract';
import type { FormRule } from 'antd';
import { ApiError, apiCall, type EndpointQueryInput } from '../../shared/api/client';
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

/** Asks the server on blur whether the version is free (5000 when it is published already). */
export function versionNameFreeRule(takenMessage: string): FormRule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, version: string) => {
      if (!version) return;
      try {
        await apiCall(checkVersionName, { query: { version }, quiet: true });
      } catch (error) {
        // Only a taken name blocks here; when the check itself fails, Save decides.
        if (error instanceof ApiError && error.code === ErrorCode.codeExists) {
          throw new Error(takenMessage);
        }
      }
    },
  };
}
