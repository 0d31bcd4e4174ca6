import {
  checkDictionaryCode,
  DICTIONARY_TEXT_MAX,
  type DictionaryEntry,
  dictionaryCode,
  dictionarySortOrder,
  entryCodeRule,
  ErrorCode,
} from '@solar/contract';
import { AutoComplete, Divider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type LanguageTexts,
  languageTextFields,
  languageTextsOf,
} from '../../../shared/forms/language-text-fields';
import { takenOnBlurRule } from '../../../shared/forms/taken-on-blur-rule';
import { zodRule } from '../../../shared/forms/zod-rule';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useCreateDictionaryEntry, useDictionaryTypes, useUpdateDictionaryEntry } from '../api';

/** The form's values: the entry's keys and one text field per language. */
type DictionaryValues = { type: string; code: string; sortOrder: string } & LanguageTexts;

/** Adds an entry to a dictionary type, or edits an entry's texts and sort order. */
export function DictionaryEntryFormModal(
  props: FormModalControl & { entry: DictionaryEntry | undefined },
): ReactNode {
  const { entry, ...control } = props;
  const { t } = useTranslation(['dictionaries', 'validation']);
  const types = useDictionaryTypes();
  const create = useCreateDictionaryEntry();
  const update = useUpdateDictionaryEntry();

  const save = (values: DictionaryValues) => {
    const common = { texts: languageTextsOf(values), sortOrder: Number(values.sortOrder || 0) };
    if (entry) {
      return update.mutateAsync({ params: { id: entry.id }, body: common, loading: true });
    }
    return create.mutateAsync({
      body: { type: values.type, code: values.code, ...common },
      loading: true,
    });
  };

  const codeFree = takenOnBlurRule(
    checkDictionaryCode,
    (read) => {
      const type = read('type') as string | undefined;
      const code = read('code') as string | undefined;
      return type && code ? { type, code } : null;
    },
    t('codeExists'),
  );

  return (
    <FormModal<DictionaryValues>
      {...control}
      title={entry ? t('edit') : t('add')}
      width={640}
      initialValues={{
        type: entry?.type ?? '',
        code: entry?.code ?? '',
        sortOrder: String(entry?.sortOrder ?? 0),
        ...entry?.texts,
      }}
      onSubmit={save}
      fieldErrors={{ field: 'code', messageByCode: { [ErrorCode.codeExists]: t('codeExists') } }}
    >
      <FormFields<DictionaryValues>
        fields={[
          {
            name: 'type',
            label: t('type'),
            control: {
              kind: 'custom',
              control: (
                <AutoComplete
                  disabled={Boolean(entry)}
                  options={(types.data ?? []).map((type) => ({ value: type }))}
                />
              ),
            },
            rules: [zodRule(dictionaryCode, t)],
          },
          {
            name: 'code',
            label: t('code'),
            control: { kind: 'text', isDisabled: Boolean(entry), autoComplete: 'off' },
            rules: entry
              ? []
              : [
                  ({ getFieldValue }) =>
                    zodRule(entryCodeRule(String(getFieldValue('type') ?? '')), t),
                  codeFree,
                ],
            validation: {
              validateFirst: true,
              validateTrigger: ['onChange', 'onBlur'],
              dependencies: ['type'],
            },
          },
          {
            name: 'sortOrder',
            label: t('sortOrder'),
            control: { kind: 'text' },
            rules: [zodRule(dictionarySortOrder, t)],
          },
        ]}
      />
      <Divider>{t('texts')}</Divider>
      <FormFields<DictionaryValues>
        fields={languageTextFields<DictionaryValues>({ max: DICTIONARY_TEXT_MAX, t })}
      />
    </FormModal>
  );
}
