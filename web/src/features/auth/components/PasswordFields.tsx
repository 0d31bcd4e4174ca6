import { rules } from '@solar/contract';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule';

/** A new password and its confirmation, checked with the contract's new-password rule. */
export function PasswordFields(props: { name?: string }): ReactNode {
  const { t } = useTranslation(['auth', 'validation']);
  const name = props.name ?? 'password';
  return (
    <>
      <Form.Item
        name={name}
        label={t('fields.newPassword')}
        extra={t('fields.passwordHint')}
        rules={[zodRule(rules.newPassword, t)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        dependencies={[name]}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (value !== getFieldValue(name)) throw new Error(t('fields.passwordMismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
