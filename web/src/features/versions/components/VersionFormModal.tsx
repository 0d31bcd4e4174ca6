import {
  checkVersionName,
  ErrorCode,
  type ManagedVersion,
  RELEASE_NOTES_MAX,
  versionName,
} from '@solar/contract';
import { Divider } from 'antd';
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
import { usePublishVersion, useUpdateVersionNotes } from '../management-api';

/** The form's values: the version name and one notes field per language. */
type VersionValues = { version: string } & LanguageTexts;

/** Publishes a version with its release notes, or edits the notes of a published one. */
export function VersionFormModal(
  props: FormModalControl & { version: ManagedVersion | undefined },
): ReactNode {
  const { version, ...control } = props;
  const { t } = useTranslation(['versions', 'validation']);
  const publish = usePublishVersion();
  const update = useUpdateVersionNotes();

  const save = (values: VersionValues) => {
    const notes = languageTextsOf(values);
    if (version) {
      return update.mutateAsync({ params: { id: version.id }, body: { notes }, loading: true });
    }
    return publish.mutateAsync({ body: { version: values.version, notes }, loading: true });
  };

  const nameFree = takenOnBlurRule(
    checkVersionName,
    (read) => {
      const name = read('version') as string | undefined;
      return name ? { version: name } : null;
    },
    t('exists'),
  );

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
            rules: version ? [] : [zodRule(versionName, t), nameFree],
            validation: { validateFirst: true, validateTrigger: ['onChange', 'onBlur'] },
          },
        ]}
      />
      <Divider>{t('notes')}</Divider>
      <FormFields<VersionValues>
        fields={languageTextFields<VersionValues>({ max: RELEASE_NOTES_MAX, t, multiline: true })}
      />
    </FormModal>
  );
}
