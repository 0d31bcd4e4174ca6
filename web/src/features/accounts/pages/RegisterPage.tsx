import { rules } from '@solar/contract';
import { Checkbox, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toastSuccess } from '../../../shared/api/notifier';
import { zodRule } from '../../../shared/forms/zod-rule';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { AuthLayout } from '../../auth/components/AuthLayout';
import { EmailCodeFields } from '../components/EmailCodeFields';
import { PasswordFields } from '../../auth/components/PasswordFields';
import { signUp } from '../account-requests';
import { submitWithCode } from '../code-errors';

interface RegisterValues {
  email: string;
  code: string;
  nickname: string;
  password: string;
}

export default function RegisterPage(): ReactNode {
  const { t } = useTranslation(['auth', 'validation']);
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();

  const submit = async (values: RegisterValues): Promise<void> => {
    const isDone = await submitWithCode(
      () =>
        signUp({
          email: values.email,
          code: values.code,
          nickname: values.nickname,
          password: values.password,
        }),
      form,
      t,
    );
    if (!isDone) return;
    toastSuccess(t('register.done'));
    await navigate('/login');
  };

  return (
    <AuthLayout title={t('register.title')}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
      >
        <EmailCodeFields form={form} purpose="signup" />
        <Form.Item
          name="nickname"
          label={t('fields.nickname')}
          rules={[zodRule(rules.name(20), t)]}
        >
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
        <SubmitButton type="primary" htmlType="submit" block>
          {t('register.submit')}
        </SubmitButton>
      </Form>
      <div className="auth-links" style={{ marginTop: 16 }}>
        <Link to="/login">{t('register.backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
