import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { AuthLayout } from '../../auth/components/AuthLayout';
import { EmailCodeFields } from '../components/EmailCodeFields';
import { PasswordFields } from '../../auth/components/PasswordFields';
import { resetForgottenPassword } from '../account-requests';
import { submitWithCode } from '../code-errors';

interface ResetValues {
  email: string;
  code: string;
  password: string;
}

export default function ForgotPasswordPage(): ReactNode {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();

  const submit = async (values: ResetValues): Promise<void> => {
    const isDone = await submitWithCode(
      () =>
        resetForgottenPassword({
          email: values.email,
          code: values.code,
          password: values.password,
        }),
      form,
      t,
    );
    if (isDone) await navigate('/resetSuccessful', { replace: true });
  };

  return (
    <AuthLayout title={t('forgot.title')}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
      >
        <EmailCodeFields form={form} purpose="reset" />
        <PasswordFields />
        <SubmitButton type="primary" htmlType="submit" block>
          {t('forgot.submit')}
        </SubmitButton>
      </Form>
      <div className="auth-links" style={{ marginTop: 16 }}>
        <Link to="/login">{t('register.backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
