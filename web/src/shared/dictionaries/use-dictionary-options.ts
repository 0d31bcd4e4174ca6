import {
  type BuiltInDictionaryType,
  type DictionaryOption,
  dictionaryOptions,
  toServerLanguage,
} from '@solar/contract';
import { useCallback, useMemo } from 'react';
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
  /**
   * The built-in text of a code: of a held code that is no longer an enabled entry, and what
   * `nameOf` answers for a code the dictionary does not name. The code by default. With
   * `builtIn`, pass a function defined outside the component, or memoized.
   */
  nameOf?: (code: string) => string;
  /**
   * The codes the server understands for this type (a contract enum), for the types whose codes
   * are fixed (`FIXED_DICTIONARY_CODES`). Only these are offered, whatever else the table holds;
   * when the dictionary cannot be read they are all offered under their built-in text, and the
   * failure is not shown (the page works as it did before it read the dictionary).
   */
  builtIn?: readonly string[];
}

/**
 * The enabled entries of a dictionary, named in the reader's language, as select options:
 * every page that offers or names a code of a list reads it here, so renaming an entry renames
 * it there and disabling one takes it off the choices. `nameOf(code)` names a shown value: its
 * entry's text, else the built-in text (a disabled entry, or before the answer arrives).
 */
export function useDictionaryOptions(type: BuiltInDictionaryType, choices: Choices = {}) {
  const { held, label = entryName, nameOf: builtInName = codeItself, builtIn } = choices;
  const query = useApiQuery(
    dictionaryOptions,
    {
      query: { type, lan: toServerLanguage(currentLocale()) },
      ...(builtIn ? { quiet: true } : {}),
    },
    { staleTime: Infinity },
  );
  const entries = useMemo((): readonly DictionaryOption[] => {
    if (!builtIn) return query.data ?? [];
    if (query.isError) return builtIn.map((code) => ({ code, name: builtInName(code) }));
    return (query.data ?? []).filter((entry) => builtIn.includes(entry.code));
  }, [query.data, query.isError, builtIn, builtInName]);
  const enabled = useMemo(
    () =>
      entries.map((entry): DictionarySelectOption => ({
        value: entry.code,
        label: label(entry),
      })),
    [entries, label],
  );
  const names = useMemo(() => new Map(entries.map((entry) => [entry.code, entry.name])), [entries]);
  const nameOf = useCallback(
    (code: string) => names.get(code) ?? builtInName(code),
    [names, builtInName],
  );
  const isHeldListed = !held || enabled.some((option) => option.value === held);
  const options = isHeldListed
    ? enabled
    : [...enabled, { value: held, label: label({ code: held, name: builtInName(held) }) }];
  return { options, isLoading: query.isLoading, nameOf };
}

function entryName(entry: DictionaryOption): string {
  return entry.name;
}

function codeItself(code: string): string {
  return code;
}
