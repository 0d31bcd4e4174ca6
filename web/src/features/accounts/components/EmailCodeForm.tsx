import type { CodePurpose } from '@solar/contract';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { AuthLayout } from '../../auth/components/AuthLayout';
import { submitWithCode } from '../code-errors';
import { EmailCodeFields } from './EmailCodeFields';

/**
 * A public page's form sent with an e-mail code: e-mail and code first, then the page's own
 * fields, its submit button and the way back to sign-in. A wrong or expired code shows on the
 * code field; `onDone` runs once `send` succeeded.
 */
export function EmailCodeForm<Values extends { email: string; code: string }>(props: {
  title: string;
  purpose: CodePurpose;
  submitLabel: string;
  send: (values: Values) => Promise<unknown>;
  onDone: () => Promise<void> | void;
  children: ReactNode;
}): ReactNode {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();

  const submit = async (values: Values): Promise<void> => {
    if (await submitWithCode(() => props.send(values), form, t)) await props.onDone();
  };

  return (
    <AuthLayout title={props.title}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
      >
        <EmailCodeFields form={form} purpose={props.purpose} />
        {props.children}
        <SubmitButton type="primary" htmlType="submit" block>
          {props.submitLabel}
        </SubmitButton>
      </Form>
      <div className="auth-links" style={{ marginTop: 16 }}>
        <Link to="/login">{t('register.backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
