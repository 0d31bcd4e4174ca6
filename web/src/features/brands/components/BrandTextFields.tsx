import { BRAND_TEXT_MAX, rules } from '@solar/contract';
import { Collapse, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_LANGUAGES } from '../../../shared/forms/language-text-fields';
import { zodRule } from '../../../shared/forms/zod-rule';

/** One optional text per language under `name` (the sign-in title or the footer). */
export function BrandTextFields(props: { name: 'signInTitle' | 'footerText' }): ReactNode {
  const { t } = useTranslation(['brands', 'validation']);
  const fields = FORM_LANGUAGES.map(({ language, name }) => (
    <Form.Item
      key={language}
      name={[props.name, language]}
      label={name}
      rules={[zodRule(rules.text(BRAND_TEXT_MAX), t, { optional: true })]}
    >
      <Input />
    </Form.Item>
  ));
  return (
    <Collapse
      size="small"
      items={[
        { key: props.name, label: t(`fields.${props.name}`), forceRender: true, children: fields },
      ]}
    />
  );
}
