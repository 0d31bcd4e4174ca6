import {
  type ServerLanguage,
  WEB_TEXT_MAX,
  type WebText,
  type EndpointBody,
  type setWebText,
} from '@solar/contract';
import { Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { showChangeIn, useSetWebText } from '../api';

type WebTextValues = Pick<EndpointBody<typeof setWebText>, 'value'>;

/** Writes the text that replaces a built-in one in a language. */
export function WebTextFormModal(
  props: FormModalControl & { text: WebText | undefined; lan: ServerLanguage },
): ReactNode {
  const { text, lan, ...control } = props;
  const { t } = useTranslation(['languages', 'validation']);
  const set = useSetWebText();

  const save = async ({ value }: WebTextValues) => {
    if (!text) return;
    await set.mutateAsync({ body: { key: text.key, lan, value }, loading: true });
    await showChangeIn(lan);
  };

  return (
    <FormModal<WebTextValues>
      {...control}
      title={text?.key ?? ''}
      width={640}
      initialValues={{ value: text?.override ?? text?.builtIn ?? '' }}
      onSubmit={save}
    >
      <p>
        {t('english')}: {text?.english}
      </p>
      <FormFields<WebTextValues>
        fields={[
          {
            name: 'value',
            label: t('override'),
            control: { kind: 'custom', control: <Input.TextArea rows={4} /> },
            rules: [
              { required: true, whitespace: true, message: t('validation:required') },
              { max: WEB_TEXT_MAX, message: t('validation:maxLength', { max: WEB_TEXT_MAX }) },
            ],
          },
        ]}
      />
    </FormModal>
  );
}
