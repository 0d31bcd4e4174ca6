import {
  type BuiltInDictionaryType,
  type DictionaryOption,
  dictionaryOptions,
  toServerLanguage,
} from '@solar/contract';
import { useMemo } from 'react';
import { useApiQuery } from '../api/hooks';
import { currentLocale } from '../i18n/locale';

export interface DictionarySelectOption {
  value: string;
  label: string;
}

interface Choices {
  /** The value the record holds: listed even when its entry was disabled since. */
  held?: string | null;
  /**
   * The option's label; the entry's text by default. Options are labelled once per answer
   * and label: pass a function defined outside the component, or memoized.
   */
  label?: (entry: DictionaryOption) => string;
  /** The text of a held code that is no longer an enabled entry; the code by default. */
  nameOf?: (code: string) => string;
}

/**
 * The enabled entries of a dictionary, named in the reader's language, as select options:
 * every form that offers a code list reads it here, so disabling an entry takes it off them.
 */
export function useDictionaryOptions(type: BuiltInDictionaryType, choices: Choices = {}) {
  const { held, label = entryName, nameOf = (code) => code } = choices;
  const query = useApiQuery(
    dictionaryOptions,
    { query: { type, lan: toServerLanguage(currentLocale()) } },
    { staleTime: Infinity },
  );
  const enabled = useMemo(
    () =>
      (query.data ?? []).map((entry): DictionarySelectOption => ({
        value: entry.code,
        label: label(entry),
      })),
    [query.data, label],
  );
  const isHeldListed = !held || enabled.some((option) => option.value === held);
  const options = isHeldListed
    ? enabled
    : [...enabled, { value: held, label: label({ code: held, name: nameOf(held) }) }];
  return { options, isLoading: query.isLoading };
}

function entryName(entry: DictionaryOption): string {
  return entry.name;
}
