import type { EndpointBody, resetPassword } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PasswordFields } from '../../auth/components/PasswordFields';
import { resetForgottenPassword } from '../account-requests';
import { EmailCodeForm } from '../components/EmailCodeForm';

type ResetValues = EndpointBody<typeof resetPassword>;

export default function ForgotPasswordPage(): ReactNode {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();

  return (
    <EmailCodeForm<ResetValues>
      title={t('forgot.title')}
      purpose="reset"
      submitLabel={t('forgot.submit')}
      send={({ email, code, password }) => resetForgottenPassword({ email, code, password })}
      onDone={() => navigate('/resetSuccessful', { replace: true })}
    >
      <PasswordFields />
    </EmailCodeForm>
  );
}
