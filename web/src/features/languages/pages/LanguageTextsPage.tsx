import {
  fromServerLanguage,
  LOCALE_NAMES,
  type ServerLanguage,
  SERVER_LANGUAGES,
  toServerLanguage,
  type WebText,
} from '@solar/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/locale';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { showChangeIn, useMissingWebTexts, useRemoveWebText, useWebTexts } from '../api';
import { WebTextFormModal } from '../components/WebTextFormModal';

type WebTextFilters = { lan?: string; keyword?: string; show?: string };

const MISSING_ONLY = 'missing';

function isServerLanguage(value: string | undefined): value is ServerLanguage {
  return (SERVER_LANGUAGES as readonly string[]).includes(value ?? '');
}

function stateOf(text: WebText, t: (key: string) => string): ReactNode {
  if (text.override !== null) return <Tag color="blue">{t('overridden')}</Tag>;
  if (text.isMissing) return <Tag color="orange">{t('missing')}</Tag>;
  return <Tag>{t('builtIn')}</Tag>;
}

/**
 * Language entries: the web app's built-in texts in one language with the administrator's
 * overrides, searchable by key or text, and which texts each language still misses.
 */
export default function LanguageTextsPage(): ReactNode {
  const { t } = useTranslation(['languages', 'menu']);
  const list = useListState<WebTextFilters>();
  const lan = isServerLanguage(list.filters.lan)
    ? list.filters.lan
    : toServerLanguage(currentLocale());
  const texts = useWebTexts({
    page: list.page,
    size: list.size,
    lan,
    ...(list.filters.keyword ? { keyword: list.filters.keyword } : {}),
    ...(list.filters.show === MISSING_ONLY ? { missingOnly: true } : {}),
  });
  const missing = useMissingWebTexts();
  const remove = useRemoveWebText();
  const missingIn = (language: ServerLanguage) =>
    missing.data?.find((row) => row.lan === language)?.missing ?? 0;

  return (
    <ListPage<WebText, WebTextFilters>
      title={t('menu:managementLanguageTexts')}
      list={list}
      rows={texts}
      rowKey={(text) => text.key}
      columns={[
        { key: 'key', title: t('key'), value: (text) => text.key },
        { key: 'english', title: t('english'), value: (text) => text.english },
        { key: 'builtIn', title: t('builtIn'), value: (text) => text.builtIn },
        { key: 'override', title: t('override'), value: (text) => text.override ?? '' },
        { key: 'state', title: t('state'), value: (text) => stateOf(text, t) },
      ]}
      filters={[
        {
          kind: 'select',
          key: 'lan',
          label: t('language'),
          options: SERVER_LANGUAGES.map((language) => ({
            value: language,
            label: t('languageWithMissing', {
              language: LOCALE_NAMES[fromServerLanguage(language)],
              missing: missingIn(language),
            }),
          })),
        },
        { kind: 'search', key: 'keyword', label: t('search') },
        {
          kind: 'select',
          key: 'show',
          label: t('show'),
          options: [{ value: MISSING_ONLY, label: t('missingOnly') }],
        },
      ]}
      rowActions={[
        { kind: 'edit', permission: 'sys.dict.edit' },
        {
          kind: 'confirm',
          label: t('removeOverride'),
          question: t('removeOverrideQuestion'),
          permission: 'sys.dict.edit',
          isShown: (text) => text.override !== null,
          onConfirm: async (text) => {
            await remove.mutateAsync({ query: { key: text.key, lan } });
            await showChangeIn(lan);
          },
        },
      ]}
      renderForm={(control, text) => <WebTextFormModal {...control} text={text} lan={lan} />}
    />
  );
}
