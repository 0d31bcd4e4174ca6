import { parameterLabel, type ParameterTexts } from '@solar/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Names chart parameters (`pv2_v` → `PV2 voltage`) in the page's language. */
export function useParameterLabel(): (key: string) => string {
  const { t } = useTranslation('parameters');
  return useCallback(
    (key: string) => {
      const texts: ParameterTexts = {
        time: t('time'),
        labels: t('labels', { returnObjects: true }) as ParameterTexts['labels'],
      };
      return parameterLabel(key, texts);
    },
    [t],
  );
}
