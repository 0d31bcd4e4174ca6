import { BRAND_TEXT_MAX, LOCALE_NAMES, LOCALES, rules, toServerLanguage } from '@solar/contract';
import { Collapse, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule';

/** One optional text per language under `name` (the sign-in title or the footer). */
export function BrandTextFields(props: { name: 'signInTitle' | 'footerText' }): ReactNode {
  const { t } = useTranslation(['brands', 'validation']);
  const fields = LOCALES.map((locale) => (
    <Form.Item
      key={locale}
      name={[props.name, toServerLanguage(locale)]}
      label={LOCALE_NAMES[locale]}
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
