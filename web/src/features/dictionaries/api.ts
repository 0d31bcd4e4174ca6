import {
  createDictionaryEntry,
  dictionaryOptions,
  listDictionaryEntries,
  listDictionaryTypes,
  setDictionaryEntryEnabled,
  updateDictionaryEntry,
} from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';

const DICTIONARY_QUERIES = [listDictionaryEntries, listDictionaryTypes, dictionaryOptions];

export function useDictionaryEntries(query: EndpointQueryInput<typeof listDictionaryEntries>) {
  return useApiQuery(listDictionaryEntries, { query });
}

export function useDictionaryTypes() {
  return useApiQuery(listDictionaryTypes);
}

export function useCreateDictionaryEntry() {
  return useApiMutation(createDictionaryEntry, { invalidates: DICTIONARY_QUERIES });
}

export function useUpdateDictionaryEntry() {
  return useApiMutation(updateDictionaryEntry, { invalidates: DICTIONARY_QUERIES });
}

export function useSetDictionaryEntryEnabled() {
  return useApiMutation(setDictionaryEntryEnabled, { invalidates: DICTIONARY_QUERIES });
}
