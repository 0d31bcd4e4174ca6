import type { BrandTexts, ServerLanguage } from '@solar/contract';
import { Input, Select, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_LANGUAGES } from '../../../shared/forms/language-text-fields';

const LANGUAGE_OPTIONS = FORM_LANGUAGES.map(({ language, name }) => ({
  value: language,
  label: name,
}));

/**
 * The brand's agreement per language: one text area for the language picked beside it (the
 * texts are long, so the 13 are not all laid out at once). A Form.Item control.
 */
export function BrandAgreementField(props: {
  id?: string;
  value?: BrandTexts;
  onChange?: (texts: BrandTexts) => void;
}): ReactNode {
  const { t } = useTranslation('brands');
  const [language, setLanguage] = useState<ServerLanguage>('en');
  const texts = props.value ?? {};
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select
        aria-label={t('agreementLanguage')}
        value={language}
        options={LANGUAGE_OPTIONS}
        onChange={setLanguage}
        style={{ minWidth: 160 }}
      />
      <Input.TextArea
        id={props.id}
        rows={6}
        value={texts[language] ?? ''}
        onChange={(event) => props.onChange?.({ ...texts, [language]: event.target.value })}
      />
    </Space>
  );
}
