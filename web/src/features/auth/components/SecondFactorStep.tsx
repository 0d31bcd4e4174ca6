import { KeyOutlined } from '@ant-design/icons';
import {
  ErrorCode,
  recoveryCode,
  REMEMBERED_DEVICE_DAYS,
  type SecondFactorChallenge,
  totpCode,
} from '@solar/contract';
import { Button, Checkbox, Form } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { zodRule } from '../../../shared/forms/zod-rule';
import { loadErrorText } from '../../../shared/i18n/error-text';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { signInWithPassword, type SecondFactorProof } from '../sign-in';
import { PasskeySignIn } from './PasskeySignIn';

export interface Credentials {
  username: string;
  password: string;
}

interface ProofValues {
  otp?: string;
  recovery_code?: string;
  remember?: boolean;
}

/**
 * The sign-in's second step after code 110: the same password grant again with an
 * authenticator code, a recovery code or a passkey's answer, as the 110 answer offers them.
 * The password lives only in the caller's state.
 */
export function SecondFactorStep(props: {
  credentials: Credentials;
  challenge: SecondFactorChallenge;
  onSignedIn: () => Promise<void>;
  onBack: () => void;
}): ReactNode {
  const { t } = useTranslation(['auth', 'validation']);
  const [form] = Form.useForm<ProofValues>();
  const [challenge, setChallenge] = useState(props.challenge);
  const [usesRecoveryCode, setUsesRecoveryCode] = useState(false);
  const field = usesRecoveryCode ? 'recovery_code' : 'otp';

  const submit = async (values: ProofValues): Promise<void> => {
    const proof: SecondFactorProof = usesRecoveryCode
      ? { recovery_code: values.recovery_code }
      : { otp: values.otp };
    if (values.remember) proof.remember_device = 'true';
    try {
      await signInWithPassword(props.credentials.username, props.credentials.password, proof);
      await props.onSignedIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.secondFactorWrong) {
        const message = await loadErrorText(ErrorCode.secondFactorWrong);
        form.setFields([{ name: field, errors: [message] }]);
      }
    }
  };

  const codeFields = (): ReactNode => (
    <>
      {usesRecoveryCode ? (
        <Form.Item
          key="recovery_code"
          name="recovery_code"
          label={t('secondFactor.recoveryCode')}
          extra={t('secondFactor.recoveryHint')}
          rules={[zodRule(recoveryCode, t)]}
        >
          <TrimmedInput prefix={<KeyOutlined />} autoComplete="off" autoFocus />
        </Form.Item>
      ) : (
        <Form.Item
          key="otp"
          name="otp"
          label={t('secondFactor.code')}
          extra={t('secondFactor.codeHint')}
          rules={[zodRule(totpCode, t)]}
        >
          <TrimmedInput autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus />
        </Form.Item>
      )}
      <Button
        type="link"
        style={{ padding: 0, marginBottom: 16 }}
        onClick={() => setUsesRecoveryCode((current) => !current)}
      >
        {usesRecoveryCode ? t('secondFactor.useApp') : t('secondFactor.useRecoveryCode')}
      </Button>
    </>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      requiredMark={false}
    >
      {challenge.passkey && (
        <PasskeySignIn
          credentials={props.credentials}
          options={challenge.passkey}
          isPrimary={!challenge.totp}
          isRemembered={() => form.getFieldValue('remember') === true}
          onSignedIn={props.onSignedIn}
          onRenewed={setChallenge}
        />
      )}
      {challenge.totp && codeFields()}
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox>{t('secondFactor.remember', { days: REMEMBERED_DEVICE_DAYS })}</Checkbox>
      </Form.Item>
      {challenge.totp && (
        <SubmitButton type="primary" htmlType="submit" block size="large">
          {t('secondFactor.submit')}
        </SubmitButton>
      )}
      <Button type="link" block style={{ marginTop: 8 }} onClick={props.onBack}>
        {t('secondFactor.back')}
      </Button>
    </Form>
  );
}
