import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { ErrorCode, rules, type SecondFactorChallenge } from '@solar/contract';
import { Alert, Form } from 'antd';
// The one input kind this page needs, not antd's Input namespace (text area, OTP, search).
import PasswordInput from 'antd/es/input/Password';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { zodRule } from '../../../shared/forms/zod-rule';
import { ApiError } from '../../../shared/api/api-error';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { useBrand } from '../../brands/current-brand';
import { AuthLayout } from '../components/AuthLayout';
import { AuthFooterLinks } from '../components/AuthFooterLinks';
import { SecondFactorStep, type Credentials } from '../components/SecondFactorStep';
import { secondFactorChallengeOf, signInWithPassword } from '../sign-in';

interface PendingSecondFactor {
  credentials: Credentials;
  challenge: SecondFactorChallenge;
}

export default function LoginPage(): ReactNode {
  const { t } = useTranslation(['auth', 'validation']);
  const navigate = useNavigate();
  const [form] = Form.useForm<Credentials>();
  const [isWrongCredentials, setIsWrongCredentials] = useState(false);
  // Kept in memory only, for the second step's repeated password grant.
  const [pendingSecondFactor, setPendingSecondFactor] = useState<PendingSecondFactor>();
  const brandTitle = useBrand()?.signInTitle;
  const goHome = async (): Promise<void> => {
    await navigate('/', { replace: true });
  };

  const submit = async (values: Credentials): Promise<void> => {
    setIsWrongCredentials(false);
    try {
      await signInWithPassword(values.username, values.password);
      await goHome();
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.wrongCredentials) {
        setIsWrongCredentials(true);
      }
      if (error instanceof ApiError && error.code === ErrorCode.secondFactorRequired) {
        setPendingSecondFactor({ credentials: values, challenge: secondFactorChallengeOf(error) });
      }
    }
  };

  if (pendingSecondFactor) {
    return (
      <AuthLayout title={t('secondFactor.title')} footer={<AuthFooterLinks />}>
        <SecondFactorStep
          credentials={pendingSecondFactor.credentials}
          challenge={pendingSecondFactor.challenge}
          onSignedIn={goHome}
          onBack={() => setPendingSecondFactor(undefined)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={brandTitle ?? t('login.title')} footer={<AuthFooterLinks />}>
      {isWrongCredentials && (
        <Alert
          type="error"
          showIcon
          title={t('login.wrongCredentials')}
          style={{ marginBottom: 16 }}
          role="alert"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        requiredMark={false}
      >
        <Form.Item name="username" label={t('fields.email')} rules={[zodRule(rules.email, t)]}>
          <TrimmedInput prefix={<MailOutlined />} autoComplete="username" inputMode="email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('fields.password')}
          rules={[{ required: true, message: t('validation:required') }]}
        >
          <PasswordInput prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <SubmitButton type="primary" htmlType="submit" block size="large">
          {t('login.submit')}
        </SubmitButton>
      </Form>
      <div className="auth-links" style={{ marginTop: 16 }}>
        <Link to="/reg">{t('login.register')}</Link>
        <Link to="/forget">{t('login.forgot')}</Link>
      </div>
    </AuthLayout>
  );
}
