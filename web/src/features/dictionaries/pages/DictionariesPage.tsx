import type { DictionaryEntry, EndpointQuery, listDictionaryEntries } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { textInCurrentLanguage } from '../../../shared/forms/language-text-fields';
import { enableActions, enabledTag, enableTexts } from '../../../shared/list-page/enable-actions';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { useDictionaryEntries, useDictionaryTypes, useSetDictionaryEntryEnabled } from '../api';
import { DictionaryEntryFormModal } from '../components/DictionaryEntryFormModal';

type DictionaryFilters = Partial<
  Pick<EndpointQuery<typeof listDictionaryEntries>, 'type' | 'keyword'>
>;

/** The entry's text in the interface language, else English. */
function entryText(entry: DictionaryEntry): string {
  return textInCurrentLanguage(entry.texts) || entry.code;
}

/** Typed code lists with their texts per language: add, edit, enable and disable entries. */
export default function DictionariesPage(): ReactNode {
  const { t } = useTranslation(['dictionaries', 'menu']);
  const list = useListState<DictionaryFilters>();
  const entries = useDictionaryEntries({ page: list.page, size: list.size, ...list.filters });
  const types = useDictionaryTypes();
  const setEnabled = useSetDictionaryEntryEnabled();
  const texts = enableTexts(t);

  return (
    <ListPage<DictionaryEntry, DictionaryFilters>
      title={t('menu:managementDictionaries')}
      list={list}
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={[
        { key: 'type', title: t('type'), value: (entry) => entry.type },
        { key: 'code', title: t('code'), value: (entry) => entry.code },
        { key: 'text', title: t('text'), value: entryText },
        { key: 'sortOrder', title: t('sortOrder'), value: (entry) => entry.sortOrder },
        { key: 'status', title: t('status'), value: (entry) => enabledTag(entry, texts) },
      ]}
      filters={[
        {
          kind: 'select',
          key: 'type',
          label: t('type'),
          options: (types.data ?? []).map((type) => ({ value: type, label: type })),
        },
        { kind: 'search', key: 'keyword', label: t('search') },
      ]}
      toolbar={[{ kind: 'create', label: t('add'), permission: 'sys.dict.edit' }]}
      rowActions={[
        { kind: 'edit', permission: 'sys.dict.edit' },
        ...enableActions<DictionaryEntry>({
          permission: 'sys.dict.edit',
          texts,
          setEnabled: (id, enabled) =>
            setEnabled.mutateAsync({ params: { id }, body: { enabled } }),
        }),
      ]}
      renderForm={(control, entry) => <DictionaryEntryFormModal {...control} entry={entry} />}
    />
  );
}
