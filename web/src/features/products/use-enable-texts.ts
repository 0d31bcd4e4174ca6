import { useTranslation } from 'react-i18next';

/** The state column's and the enable buttons' texts for products or protocols. */
export function useEnableTexts(subject: 'product' | 'protocol') {
  const { t } = useTranslation('products');
  return {
    enabled: t('enabled'),
    disabled: t('disabled'),
    enable: t('enable'),
    disable: t('disable'),
    enableQuestion: t(`${subject}EnableQuestion`),
    disableQuestion: t(`${subject}DisableQuestion`),
  };
}
