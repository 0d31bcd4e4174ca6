import { ErrorCode, rules, type EndpointBody, type changePassword } from '@solar/contract';
import { App, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { zodRule } from '../../../shared/forms/zod-rule';
import { storeUser } from '../../../shared/storage/storage';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { PasswordFields } from '../../auth/components/PasswordFields';
import { useChangePassword } from '../api';
import { currentPasswordRule } from '../current-password-rule';

type PasswordValues = EndpointBody<typeof changePassword>;

export function PasswordForm(props: { userId: number }): ReactNode {
  const { t } = useTranslation(['account', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const changePassword = useChangePassword();

  const save = async (values: PasswordValues): Promise<void> => {
    try {
      const token = await changePassword.mutateAsync({
        params: { id: props.userId },
        body: { oldPassword: values.oldPassword, newPassword: values.newPassword },
        loading: true,
      });
      // The server signs out every other session and hands this one fresh tokens.
      storeUser(token);
      form.resetFields();
      void message.success(t('password.changed'));
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.oldPasswordError) {
        form.setFields([{ name: 'oldPassword', errors: [t('password.wrongOld')] }]);
      }
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values) => void save(values)}
      style={{ maxWidth: 480 }}
    >
      <Form.Item
        name="oldPassword"
        label={t('password.old')}
        rules={[zodRule(rules.password, t), currentPasswordRule(t('password.wrongOld'))]}
        validateFirst
        validateTrigger={['onChange', 'onBlur']}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <PasswordFields name="newPassword" />
      <SubmitButton type="primary" htmlType="submit">
        {t('password.submit')}
      </SubmitButton>
    </Form>
  );
}
