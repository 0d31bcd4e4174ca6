import {
  type BuiltInDictionaryType,
  type DictionaryOption,
  dictionaryOptions,
  toServerLanguage,
} from '@solar/contract';
import { useApiQuery } from '../api/hooks';
import { currentLocale } from '../i18n/locale';

export interface DictionarySelectOption {
  value: string;
  label: string;
}

interface Choices {
  /** The value the record holds: listed even when its entry was disabled since. */
  held?: string | null;
  /** The option's label; the entry's text by default. */
  label?: (entry: DictionaryOption) => string;
  /** The text of a held code that is no longer an enabled entry; the code by default. */
  nameOf?: (code: string) => string;
}

/**
 * The enabled entries of a dictionary, named in the reader's language, as select options:
 * every form that offers a code list reads it here, so disabling an entry takes it off them.
 */
export function useDictionaryOptions(type: BuiltInDictionaryType, choices: Choices = {}) {
  const { held, label = (entry) => entry.name, nameOf = (code) => code } = choices;
  const query = useApiQuery(
    dictionaryOptions,
    { query: { type, lan: toServerLanguage(currentLocale()) } },
    { staleTime: Infinity },
  );
  const entries = query.data ?? [];
  const isHeldListed = !held || entries.some((entry) => entry.code === held);
  const listed = isHeldListed ? entries : [...entries, { code: held, name: nameOf(held) }];
  const options: DictionarySelectOption[] = listed.map((entry) => ({
    value: entry.code,
    label: label(entry),
  }));
  return { options, isLoading: query.isLoading };
}
