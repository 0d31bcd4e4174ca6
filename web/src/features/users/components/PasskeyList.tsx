import { ErrorCode, type ErrorCodeValue, passkeyName, type PasskeyInfo } from '@solar/contract';
import { startRegistration } from '@simplewebauthn/browser';
import { App, Button, Form, List, Popconfirm, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { readerMoment } from '../../../shared/format/formatters';
import { zodRule } from '../../../shared/forms/zod-rule';
import { errorText } from '../../../shared/i18n/error-text';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { useRegisterPasskey, useRemovePasskey, useStartPasskeyRegistration } from '../api';

/** Refusals of a registration the form shows under the name. */
const REGISTRATION_FAILURES: readonly ErrorCodeValue[] = [
  ErrorCode.passkeyChallengeExpired,
  ErrorCode.passkeyRejected,
];

/** Names a new passkey, then lets the browser create it against fresh options. */
function AddPasskeyForm(props: { onClose: () => void }): ReactNode {
  const { t } = useTranslation(['account', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const startRegistrationOptions = useStartPasskeyRegistration();
  const register = useRegisterPasskey();

  const showFailure = (text: string) => form.setFields([{ name: 'name', errors: [text] }]);

  const add = async (values: { name: string }): Promise<void> => {
    const options = await startRegistrationOptions.mutateAsync({ loading: true });
    const response = await startRegistration({ optionsJSON: options }).catch(() => null);
    if (!response) {
      showFailure(t('passkeys.cancelled'));
      return;
    }
    try {
      await register.mutateAsync({ body: { name: values.name, response }, loading: true });
      void message.success(t('passkeys.added'));
      props.onClose();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 0;
      const failure = REGISTRATION_FAILURES.find((known) => known === code);
      if (failure) showFailure(errorText(failure));
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void add(values)}>
      <Form.Item
        name="name"
        label={t('passkeys.name')}
        extra={t('passkeys.nameHint')}
        rules={[zodRule(passkeyName, t)]}
      >
        <TrimmedInput maxLength={40} autoFocus />
      </Form.Item>
      <Space>
        <SubmitButton type="primary" htmlType="submit">
          {t('passkeys.create')}
        </SubmitButton>
        <Button onClick={props.onClose}>{t('twoStep.cancel')}</Button>
      </Space>
    </Form>
  );
}

/** The account's passkeys: each one alone passes the sign-in's second step. */
export function PasskeyList(props: { passkeys: PasskeyInfo[] }): ReactNode {
  const { t } = useTranslation('account');
  const remove = useRemovePasskey();
  const [isAdding, setIsAdding] = useState(false);

  return (
    <Space
      orientation="vertical"
      style={{ width: '100%' }}
      role="region"
      aria-label={t('passkeys.title')}
    >
      <Typography.Title level={5}>{t('passkeys.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('passkeys.hint')}</Typography.Text>
      <List
        size="small"
        dataSource={props.passkeys}
        locale={{ emptyText: t('passkeys.none') }}
        renderItem={(passkey) => (
          <List.Item
            actions={[
              <Popconfirm
                key="remove"
                title={t('passkeys.removeConfirm', { name: passkey.name })}
                onConfirm={() => remove.mutate({ params: { id: passkey.id } })}
              >
                <Button size="small" danger aria-label={t('passkeys.removeNamed', passkey)}>
                  {t('passkeys.remove')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={passkey.name}
              description={t('passkeys.dates', {
                created: readerMoment(passkey.createdAt),
                lastUsed: passkey.lastUsedAt
                  ? readerMoment(passkey.lastUsedAt)
                  : t('passkeys.neverUsed'),
              })}
            />
          </List.Item>
        )}
      />
      {isAdding ? (
        <AddPasskeyForm onClose={() => setIsAdding(false)} />
      ) : (
        <Button onClick={() => setIsAdding(true)}>{t('passkeys.add')}</Button>
      )}
    </Space>
  );
}
