import {
  NOTIFY_LEVELS,
  rules,
  type NotificationSettings,
  type ParsedBody,
  type setNotificationSettings,
} from '@solar/contract';
import { App, Checkbox, Form, Input, Space, Spin, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { SendCodeButton } from '../../accounts/components/SendCodeButton';
import { submitWithCode } from '../../accounts/code-errors';
import {
  useNotificationSettings,
  useRequestNotificationCode,
  useSetNotificationSettings,
} from '../api';

type NotificationValues = ParsedBody<typeof setNotificationSettings>;

function NotificationFields(props: { settings: NotificationSettings }): ReactNode {
  const { t } = useTranslation(['account', 'validation', 'auth']);
  const { message } = App.useApp();
  const setSettings = useSetNotificationSettings();
  const requestCode = useRequestNotificationCode();
  const [form] = Form.useForm<NotificationValues>();
  const isOn = Form.useWatch('notifyByEmail', form) ?? props.settings.notifyByEmail;
  const needsCode = isOn && !props.settings.notifyByEmail;

  const save = async (values: NotificationValues): Promise<void> => {
    const isDone = await submitWithCode(
      () =>
        setSettings.mutateAsync({
          body: {
            notifyByEmail: values.notifyByEmail,
            notifyLevels: values.notifyLevels.join(','),
            code: values.code,
          },
          loading: true,
        }),
      form,
      t,
    );
    if (!isDone) return;
    void message.success(t('saved'));
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{
        notifyByEmail: props.settings.notifyByEmail,
        notifyLevels: props.settings.notifyLevels,
      }}
      onFinish={(values) => void save(values)}
      style={{ maxWidth: 480 }}
    >
      <Form.Item label={t('notifications.email')}>
        <Input value={props.settings.email} disabled />
      </Form.Item>
      <Form.Item name="notifyByEmail" label={t('notifications.byEmail')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="notifyLevels" label={t('notifications.levels')}>
        <Checkbox.Group
          options={NOTIFY_LEVELS.map((level) => ({
            value: level,
            label: t(`notifications.level.${level}`),
          }))}
        />
      </Form.Item>
      {needsCode && (
        <Form.Item label={t('auth:fields.code')} required>
          <Space.Compact>
            <Form.Item name="code" noStyle rules={[zodRule(rules.verificationCode, t)]}>
              <Input inputMode="numeric" maxLength={6} aria-label={t('auth:fields.code')} />
            </Form.Item>
            <SendCodeButton
              onSend={() =>
                requestCode.mutateAsync({ loading: true }).then(
                  () => true,
                  () => false,
                )
              }
            />
          </Space.Compact>
        </Form.Item>
      )}
      <SubmitButton type="primary" htmlType="submit">
        {t('save')}
      </SubmitButton>
    </Form>
  );
}

export function NotificationForm(): ReactNode {
  const settings = useNotificationSettings();
  if (!settings.data) return <Spin spinning={settings.isPending} />;
  return <NotificationFields settings={settings.data} />;
}
