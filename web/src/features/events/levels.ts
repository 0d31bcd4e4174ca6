import { DICTIONARY_TYPES, type DictionaryOption, type EventLevelLetter } from '@solar/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionaryOptions } from '../../shared/dictionaries/use-dictionary-options';

/** The tag colour of each level letter, on the event page and the plant overview alike. */
export const EVENT_LEVEL_COLOURS: Record<EventLevelLetter, string> = {
  P: 'purple',
  W: 'gold',
  F: 'red',
};

/** The letters in the order the events pages list them when the dictionary cannot be read. */
const LEVEL_ORDER = ['P', 'W', 'F'] as const satisfies readonly EventLevelLetter[];

/** A level filter option: "P · Protect". */
function levelLabel(entry: DictionaryOption): string {
  return `${entry.code} · ${entry.name}`;
}

/**
 * The event levels as the `eventLevel` dictionary names them in the reader's language: the
 * enabled ones as filter options ("P · Protect"), and `nameOf(letter)` for a row's level.
 */
export function useEventLevels() {
  const { t } = useTranslation('events');
  const nameOf = useCallback((letter: string) => t(`levels.${letter}`), [t]);
  return useDictionaryOptions(DICTIONARY_TYPES.eventLevel, {
    builtIn: LEVEL_ORDER,
    nameOf,
    label: levelLabel,
  });
}
