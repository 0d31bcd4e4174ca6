import {
  countMissingWebTexts,
  fromServerLanguage,
  listWebTexts,
  removeWebText,
  type ServerLanguage,
  setWebText,
} from '@solar/contract';
import type { EndpointQueryInput } from '../../shared/api/client';
import { useApiMutation, useApiQuery } from '../../shared/api/hooks';
import { currentLocale } from '../../shared/i18n/locale';
import { refreshServerEntries } from '../../shared/web-texts/server-entries';

const WEB_TEXT_QUERIES = [listWebTexts, countMissingWebTexts];

/** A change in the interface's own language shows at once, not at the next UTC day. */
export async function showChangeIn(lan: ServerLanguage): Promise<void> {
  const locale = fromServerLanguage(lan);
  if (locale === currentLocale()) await refreshServerEntries(locale);
}

export function useWebTexts(query: EndpointQueryInput<typeof listWebTexts>) {
  return useApiQuery(listWebTexts, { query });
}

export function useMissingWebTexts() {
  return useApiQuery(countMissingWebTexts);
}

export function useSetWebText() {
  return useApiMutation(setWebText, { invalidates: WEB_TEXT_QUERIES });
}

export function useRemoveWebText() {
  return useApiMutation(removeWebText, { invalidates: WEB_TEXT_QUERIES });
}
