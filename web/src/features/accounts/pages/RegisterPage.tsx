import { rules, type EndpointBody, type signup } from '@solar/contract';
import { Checkbox, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toastSuccess } from '../../../shared/api/notifier';
import { zodRule } from '../../../shared/forms/zod-rule';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { PasswordFields } from '../../auth/components/PasswordFields';
import { signUp } from '../account-requests';
import { EmailCodeForm } from '../components/EmailCodeForm';

type RegisterValues = EndpointBody<typeof signup>;

export default function RegisterPage(): ReactNode {
  const { t } = useTranslation(['auth', 'validation']);
  const navigate = useNavigate();

  const onSignedUp = async (): Promise<void> => {
    toastSuccess(t('register.done'));
    await navigate('/login');
  };

  return (
    <EmailCodeForm<RegisterValues>
      title={t('register.title')}
      purpose="signup"
      submitLabel={t('register.submit')}
      send={({ email, code, nickname, password }) => signUp({ email, code, nickname, password })}
      onDone={onSignedUp}
    >
      <Form.Item name="nickname" label={t('fields.nickname')} rules={[zodRule(rules.name(20), t)]}>
        <TrimmedInput autoComplete="nickname" />
      </Form.Item>
      <PasswordFields />
      <Form.Item
        name="agreed"
        valuePropName="checked"
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (value !== true) throw new Error(t('register.mustAgree'));
            },
          },
        ]}
      >
        <Checkbox>
          {t('register.agreePrefix')}{' '}
          <Link to="/register/userAgreement">{t('links.userAgreement')}</Link>
        </Checkbox>
      </Form.Item>
    </EmailCodeForm>
  );
}
