import { GlobalOutlined } from '@ant-design/icons';
import { LOCALE_NAMES, LOCALES, type Locale } from '@solar/contract';
import { Button, Dropdown } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '../../shared/i18n/locale';

export function LanguageSwitcher(): ReactNode {
  const { t } = useTranslation('common');
  const locale = currentLocale();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((code) => ({ key: code, label: LOCALE_NAMES[code] })),
        onClick: ({ key }) => {
          if (key !== locale) changeLocale(key as Locale);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('shell.language')}
        data-testid="language-switcher"
      >
        {LOCALE_NAMES[locale]}
      </Button>
    </Dropdown>
  );
}
