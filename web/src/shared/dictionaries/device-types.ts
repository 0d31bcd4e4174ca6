import { DEVICE_KINDS, DICTIONARY_TYPES } from '@solar/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionaryOptions } from './use-dictionary-options';

/**
 * The device kinds as the `deviceType` dictionary names them in the reader's language: the
 * enabled ones as filter options, and `nameOf(kind)` for a device's kind column (the built-in
 * name of a disabled kind, or before the dictionary answers).
 */
export function useDeviceTypes() {
  const { t } = useTranslation('plants');
  const nameOf = useCallback((kind: string) => t(`device.kinds.${kind}`), [t]);
  return useDictionaryOptions(DICTIONARY_TYPES.deviceType, { builtIn: DEVICE_KINDS, nameOf });
}
