import { useTranslation } from 'react-i18next';
import type { EnableTexts } from './enable-actions';

/**
 * The state column's and the enable buttons' texts from `namespace`: `enabled`, `disabled`,
 * `enable`, `disable` and the questions `enableQuestion` and `disableQuestion`, whose keys start
 * with `subject` when one namespace asks about several kinds of rows (`productEnableQuestion`).
 */
export function useEnableTexts(namespace: string, subject?: string): EnableTexts {
  const { t } = useTranslation(namespace);
  return {
    enabled: t('enabled'),
    disabled: t('disabled'),
    enable: t('enable'),
    disable: t('disable'),
    enableQuestion: t(subject ? `${subject}EnableQuestion` : 'enableQuestion'),
    disableQuestion: t(subject ? `${subject}DisableQuestion` : 'disableQuestion'),
  };
}
