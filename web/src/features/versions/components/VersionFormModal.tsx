import {
  ErrorCode,
  LOCALE_NAMES,
  LOCALES,
  type ManagedVersion,
  RELEASE_NOTES_MAX,
  rules,
  type ServerLanguage,
  toServerLanguage,
  versionName,
} from '@solar/contract';
import { Divider, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule';
import type { FieldSpec } from '../../../shared/list-page/list-spec';
import { FormFields } from '../../../shared/list-page/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { usePublishVersion, useUpdateVersionNotes, versionNameFreeRule } from '../management-api';

/** The form's values: the version name and one notes field per server language. */
type VersionValues = { version: string } & Partial<Record<ServerLanguage, string>>;

const LANGUAGES = LOCALES.map((locale) => ({
  language: toServerLanguage(locale),
  name: LOCALE_NAMES[locale],
}));

function notesOf(values: VersionValues): Partial<Record<ServerLanguage, string>> {
  return Object.fromEntries(
    LANGUAGES.flatMap(({ language }) => (values[language] ? [[language, values[language]]] : [])),
  );
}

/** Publishes a version with its release notes, or edits the notes of a published one. */
export function VersionFormModal(
  props: FormModalControl & { version: ManagedVersion | undefined },
): ReactNode {
  const { version, ...control } = props;
  const { t } = useTranslation(['versions', 'validation']);
  const publish = usePublishVersion();
  const update = useUpdateVersionNotes();

  const save = (values: VersionValues) => {
    const notes = notesOf(values);
    if (version) {
      return update.mutateAsync({ params: { id: version.id }, body: { notes }, loading: true });
    }
    return publish.mutateAsync({ body: { version: values.version, notes }, loading: true });
  };

  const noteFields: FieldSpec<VersionValues>[] = LANGUAGES.map(({ language, name }) => ({
    name: language,
    label: name,
    control: { kind: 'custom', control: <Input.TextArea rows={2} /> },
    rules: [zodRule(rules.text(RELEASE_NOTES_MAX), t, { optional: language !== 'en' })],
  }));

  return (
    <FormModal<VersionValues>
      {...control}
      title={version ? t('edit') : t('publish')}
      width={720}
      initialValues={{ version: version?.version ?? '', ...version?.notes }}
      onSubmit={save}
      fieldErrors={{ field: 'version', messageByCode: { [ErrorCode.codeExists]: t('exists') } }}
    >
      <FormFields<VersionValues>
        fields={[
          {
            name: 'version',
            label: t('version'),
            control: { kind: 'text', isDisabled: Boolean(version), autoComplete: 'off' },
            rules: version ? [] : [zodRule(versionName, t), versionNameFreeRule(t('exists'))],
            validation: { validateFirst: true, validateTrigger: ['onChange', 'onBlur'] },
          },
        ]}
      />
      <Divider>{t('notes')}</Divider>
      <FormFields<VersionValues> fields={noteFields} />
    </FormModal>
  );
}
