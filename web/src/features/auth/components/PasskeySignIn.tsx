import { SafetyCertificateOutlined } from '@ant-design/icons';
import {
  ErrorCode,
  type ErrorCodeValue,
  type PasskeyRequestOptions,
  type SecondFactorChallenge,
} from '@solar/contract';
import { Alert, Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { loadErrorText } from '../../../shared/i18n/error-text';
import {
  passkeyAnswer,
  secondFactorChallengeOf,
  signInWithPassword,
  type SecondFactorProof,
} from '../sign-in';
import type { Credentials } from './SecondFactorStep';

/** Answers after which the server has spent the challenge: new options are needed. */
const PASSKEY_FAILURES: readonly ErrorCodeValue[] = [
  ErrorCode.passkeyChallengeExpired,
  ErrorCode.passkeyRejected,
];

/**
 * "Use a passkey" in the sign-in's second step: the browser answers the options of the 110
 * answer and the password grant is repeated with that answer. After a refused answer the
 * password grant is repeated without one, for a fresh 110 with new options.
 */
export function PasskeySignIn(props: {
  credentials: Credentials;
  options: PasskeyRequestOptions;
  isPrimary: boolean;
  isRemembered: () => boolean;
  onSignedIn: () => Promise<void>;
  onRenewed: (challenge: SecondFactorChallenge) => void;
}): ReactNode {
  const { t } = useTranslation('auth');
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const { username, password } = props.credentials;

  const renewOptions = async (): Promise<void> => {
    try {
      await signInWithPassword(username, password);
      // The account's factors were turned off meanwhile: the password alone signed in.
      await props.onSignedIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.secondFactorRequired) {
        props.onRenewed(secondFactorChallengeOf(error));
      }
    }
  };

  const signIn = async (answer: string): Promise<void> => {
    const proof: SecondFactorProof = { webauthn: answer };
    if (props.isRemembered()) proof.remember_device = 'true';
    try {
      await signInWithPassword(username, password, proof);
      await props.onSignedIn();
    } catch (error) {
      const code = error instanceof ApiError ? PASSKEY_FAILURES.find((c) => c === error.code) : 0;
      if (code) {
        setFailure(await loadErrorText(code));
        await renewOptions();
      }
    }
  };

  const answerWithPasskey = async (): Promise<void> => {
    setFailure(undefined);
    setIsBusy(true);
    try {
      const answer = await passkeyAnswer(props.options).catch(() => null);
      if (answer === null) setFailure(t('secondFactor.passkeyCancelled'));
      else await signIn(answer);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <>
      {failure && (
        <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Button
        type={props.isPrimary ? 'primary' : 'default'}
        icon={<SafetyCertificateOutlined />}
        block
        size="large"
        loading={isBusy}
        style={{ marginBottom: 16 }}
        onClick={() => void answerWithPasskey()}
      >
        {t('secondFactor.usePasskey')}
      </Button>
    </>
  );
}
