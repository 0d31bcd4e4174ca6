import { rules, type CodePurpose } from '@solar/contract';
import { Form, Input, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { sendVerificationCode } from '../code-request';
import { checkCodeOnLeave, checkEmailOnLeave } from '../live-checks';
import { SendCodeButton } from './SendCodeButton';

/** E-mail plus the 6-digit code mailed to it, each checked with the server on leaving it. */
export function EmailCodeFields(props: { form: FormInstance; purpose: CodePurpose }): ReactNode {
  const { t } = useTranslation(['auth', 'validation']);
  return (
    <>
      <Form.Item name="email" label={t('fields.email')} rules={[zodRule(rules.email, t)]}>
        <TrimmedInput
          autoComplete="email"
          inputMode="email"
          onBlur={() => void checkEmailOnLeave(props.form, props.purpose, t)}
        />
      </Form.Item>
      <Form.Item label={t('fields.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[zodRule(rules.verificationCode, t)]}>
            <Input
              inputMode="numeric"
              maxLength={6}
              aria-label={t('fields.code')}
              onBlur={() => void checkCodeOnLeave(props.form, props.purpose, t)}
            />
          </Form.Item>
          <SendCodeButton onSend={() => sendVerificationCode(props.form, props.purpose, t)} />
        </Space.Compact>
      </Form.Item>
    </>
  );
}
