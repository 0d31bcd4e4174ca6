import { ErrorCode, totpCode } from '@solar/contract';
import { App, Alert, Button, Card, Divider, Form, Input, Space, Spin, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { zodRule } from '../../../shared/forms/zod-rule';
import { errorText } from '../../../shared/i18n/error-text';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { QrCode } from '../../../shared/ui/QrCode';
import { useDisableTotp, useEnableTotp, useSecondFactorStatus, useStartTotpSetup } from '../api';
import { PasskeyList } from './PasskeyList';

interface TotpSetup {
  secret: string;
  otpauthUrl: string;
}

/** A new authenticator: scan or type the secret, confirm with its first code. */
function SetupForm(props: { setup: TotpSetup; onEnabled: (codes: string[]) => void }): ReactNode {
  const { t } = useTranslation(['account', 'validation']);
  const [form] = Form.useForm<{ code: string }>();
  const enable = useEnableTotp();

  const confirm = async (values: { code: string }): Promise<void> => {
    try {
      const answer = await enable.mutateAsync({ body: { code: values.code }, loading: true });
      props.onEnabled(answer.recoveryCodes);
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.secondFactorWrong) {
        form.setFields([{ name: 'code', errors: [errorText(ErrorCode.secondFactorWrong)] }]);
      }
    }
  };

  return (
    <Space orientation="vertical">
      <Typography.Paragraph>{t('twoStep.scan')}</Typography.Paragraph>
      <QrCode text={props.setup.otpauthUrl} alt={t('twoStep.qrAlt')} />
      <Typography.Text>
        {t('twoStep.secret')}: <Typography.Text code>{props.setup.secret}</Typography.Text>
      </Typography.Text>
      <Form form={form} layout="vertical" onFinish={(values) => void confirm(values)}>
        <Form.Item name="code" label={t('twoStep.code')} rules={[zodRule(totpCode, t)]}>
          <TrimmedInput autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
        </Form.Item>
        <SubmitButton type="primary" htmlType="submit">
          {t('twoStep.enable')}
        </SubmitButton>
      </Form>
    </Space>
  );
}

/** The recovery codes, shown this once. */
function RecoveryCodes(props: { codes: string[]; onDone: () => void }): ReactNode {
  const { t } = useTranslation('account');
  return (
    <Space orientation="vertical">
      <Alert type="warning" showIcon title={t('twoStep.codesNote')} />
      <Typography.Paragraph
        copyable={{
          text: props.codes.join('\n'),
          tooltips: [t('twoStep.copy'), t('twoStep.copied')],
        }}
      >
        {t('twoStep.codesTitle')}
      </Typography.Paragraph>
      <ul aria-label={t('twoStep.codesTitle')}>
        {props.codes.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ul>
      <Button type="primary" onClick={props.onDone}>
        {t('twoStep.done')}
      </Button>
    </Space>
  );
}

/** Turning the second factor off takes the current password. */
function DisableForm(props: { onClose: () => void }): ReactNode {
  const { t } = useTranslation(['account', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const disable = useDisableTotp();

  const turnOff = async (values: { password: string }): Promise<void> => {
    try {
      await disable.mutateAsync({ body: { password: values.password }, loading: true });
      void message.success(t('twoStep.turnedOff'));
      props.onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.oldPasswordError) {
        form.setFields([{ name: 'password', errors: [t('password.wrongOld')] }]);
      }
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void turnOff(values)}>
      <Typography.Paragraph>{t('twoStep.turnOffHint')}</Typography.Paragraph>
      <Form.Item
        name="password"
        label={t('password.old')}
        rules={[{ required: true, message: t('validation:required') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Space>
        <SubmitButton danger htmlType="submit">
          {t('twoStep.turnOff')}
        </SubmitButton>
        <Button onClick={props.onClose}>{t('twoStep.cancel')}</Button>
      </Space>
    </Form>
  );
}

/**
 * Personal settings: the second factors. The authenticator app, set up, confirmed or turned
 * off, and the passkeys, added or removed; either one makes sign-in ask for a second step.
 * `onEnrolled` runs once the new recovery codes have been seen.
 */
export function TwoStepCard(props: { onEnrolled?: () => void }): ReactNode {
  const { t } = useTranslation('account');
  const status = useSecondFactorStatus();
  const startSetup = useStartTotpSetup();
  const [setup, setSetup] = useState<TotpSetup>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [isDisabling, setIsDisabling] = useState(false);

  const beginSetup = async (): Promise<void> => {
    try {
      setSetup(await startSetup.mutateAsync({ loading: true }));
    } catch {
      // Code 112: another session turned it on meanwhile; the reloaded state shows so.
      void status.refetch();
    }
  };

  const body = (): ReactNode => {
    if (!status.data) return <Spin />;
    if (recoveryCodes) {
      const done = () => {
        setRecoveryCodes(undefined);
        props.onEnrolled?.();
      };
      return <RecoveryCodes codes={recoveryCodes} onDone={done} />;
    }
    if (setup) {
      return (
        <SetupForm
          setup={setup}
          onEnabled={(codes) => {
            setSetup(undefined);
            setRecoveryCodes(codes);
          }}
        />
      );
    }
    if (isDisabling) return <DisableForm onClose={() => setIsDisabling(false)} />;
    if (status.data.totp) {
      return (
        <Space orientation="vertical">
          <Typography.Text>{t('twoStep.on')}</Typography.Text>
          <Typography.Text type="secondary">
            {t('twoStep.recoveryCodesLeft', { count: status.data.recoveryCodesLeft })}
          </Typography.Text>
          <Button onClick={() => setIsDisabling(true)}>{t('twoStep.turnOff')}</Button>
        </Space>
      );
    }
    return (
      <Space orientation="vertical">
        <Typography.Text>
          {status.data.passkeys.length > 0 ? t('twoStep.offWithPasskeys') : t('twoStep.off')}
        </Typography.Text>
        <Button type="primary" loading={startSetup.isPending} onClick={() => void beginSetup()}>
          {t('twoStep.setUp')}
        </Button>
      </Space>
    );
  };

  return (
    <Card
      title={t('twoStep.title')}
      size="small"
      style={{ maxWidth: 480 }}
      role="region"
      aria-label={t('twoStep.title')}
    >
      {body()}
      {status.data && (
        <>
          <Divider />
          <PasskeyList passkeys={status.data.passkeys} />
        </>
      )}
    </Card>
  );
}
