import {
  createNotice,
  invalidateNotice,
  listNotices,
  publishNotice,
  updateNotice,
  viewNotice,
} from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

/** A change to a notice may change what the shell's dialog shows, so that reloads too. */
const NOTICE_QUERIES = [listNotices, viewNotice];

export function useNotices(query: EndpointQueryInput<typeof listNotices>) {
  return useApiQuery(listNotices, { query });
}

export function useCreateNotice() {
  return useApiMutation(createNotice, { invalidates: NOTICE_QUERIES });
}

export function useUpdateNotice() {
  return useApiMutation(updateNotice, { invalidates: NOTICE_QUERIES });
}

export function usePublishNotice() {
  return useApiMutation(publishNotice, { invalidates: NOTICE_QUERIES });
}

export function useInvalidateNotice() {
  return useApiMutation(invalidateNotice, { invalidates: NOTICE_QUERIES });
}
