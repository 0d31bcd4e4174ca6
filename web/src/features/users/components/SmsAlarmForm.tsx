import { rules, type UserIdentity, type ParsedBody, type setSmsSettings } from '@solar/contract';
import { App, Form, Input, Space, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { SendCodeButton } from '../../accounts/components/SendCodeButton';
import { submitWithCode } from '../../accounts/code-errors';
import { useRequestSmsCode, useSetSmsSettings } from '../api';

type SmsValues = ParsedBody<typeof setSmsSettings>;

/** A number needs the texted code when it is not the confirmed one. */
function isConfirmed(user: UserIdentity, smsPhone: string): boolean {
  return user.smsPhoneVerified && smsPhone === (user.smsPhone ?? '');
}

/**
 * The number alarms are texted to: a new or unconfirmed number is confirmed with a texted code
 * before the opt-in can be switched on.
 */
export function SmsAlarmForm(props: { user: UserIdentity }): ReactNode {
  const { t } = useTranslation(['account', 'validation', 'auth']);
  const { message } = App.useApp();
  const setSettings = useSetSmsSettings();
  const requestCode = useRequestSmsCode();
  const [form] = Form.useForm<SmsValues>();
  const smsPhone = Form.useWatch('smsPhone', form) ?? props.user.smsPhone ?? '';
  const isOptIn = Form.useWatch('smsOptIn', form) ?? props.user.smsOptIn;
  const needsCode = smsPhone !== '' && !isConfirmed(props.user, smsPhone);

  const sendCode = async (): Promise<boolean> => {
    const values = await form.validateFields(['smsPhone']).catch(() => null);
    if (!values?.smsPhone) return false;
    const isSent = await requestCode
      .mutateAsync({ body: { smsPhone: values.smsPhone }, loading: true })
      .then(
        () => true,
        () => false,
      );
    if (isSent) void message.success(t('profile.smsCodeSent'));
    return isSent;
  };

  const save = async (values: SmsValues): Promise<void> => {
    const isDone = await submitWithCode(
      () =>
        setSettings.mutateAsync({
          body: {
            smsPhone: values.smsPhone,
            smsOptIn: values.smsOptIn,
            ...(needsCode && values.code ? { code: values.code } : {}),
          },
          loading: true,
        }),
      form,
      t,
    );
    if (!isDone) return;
    form.setFieldValue('code', undefined);
    void message.success(t('saved'));
  };

  return (
    <Form<SmsValues>
      form={form}
      layout="vertical"
      initialValues={{ smsPhone: props.user.smsPhone ?? '', smsOptIn: props.user.smsOptIn }}
      onFinish={(values) => void save(values)}
      style={{ maxWidth: 480 }}
    >
      <Typography.Title level={5}>{t('profile.smsTitle')}</Typography.Title>
      <Form.Item
        name="smsPhone"
        label={t('profile.smsPhone')}
        extra={
          smsPhone !== '' && !needsCode ? t('profile.smsConfirmed') : t('profile.smsPhoneHint')
        }
        dependencies={['smsOptIn']}
        rules={[
          ({ getFieldValue }) => ({
            required: getFieldValue('smsOptIn') === true,
            message: t('validation:required'),
          }),
          zodRule(rules.smsPhone, t, { optional: true }),
        ]}
      >
        <TrimmedInput inputMode="tel" placeholder="+4915112345678" />
      </Form.Item>
      {needsCode && (
        <Form.Item
          label={t('auth:fields.code')}
          required={isOptIn}
          extra={t('profile.smsCodeHint')}
        >
          <Space.Compact>
            <Form.Item
              name="code"
              noStyle
              dependencies={['smsOptIn']}
              rules={[
                ({ getFieldValue }) => ({
                  required: getFieldValue('smsOptIn') === true,
                  message: t('validation:required'),
                }),
                zodRule(rules.verificationCode, t, { optional: true }),
              ]}
            >
              <Input inputMode="numeric" maxLength={6} aria-label={t('auth:fields.code')} />
            </Form.Item>
            <SendCodeButton onSend={sendCode} />
          </Space.Compact>
        </Form.Item>
      )}
      <Form.Item name="smsOptIn" label={t('profile.smsOptIn')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <SubmitButton type="primary" htmlType="submit">
        {t('save')}
      </SubmitButton>
    </Form>
  );
}
