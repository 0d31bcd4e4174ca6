import { rules, SHARE_ROLES, type EndpointBody, type sharePlant } from '@solar/contract';
import { Alert, App, Divider, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../../shared/forms/zod-rule';
import { SubmitButton } from '../../../../shared/ui/SubmitButton';
import { useSharePlant } from '../../api';
import { handledAccountError } from './account-errors';
import { ShareUsersList } from './ShareUsersList';

type ShareFormValues = EndpointBody<typeof sharePlant>;

export function ShareDialog({
  plantId,
  open,
  onClose,
}: {
  plantId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('plants');
  const { message } = App.useApp();
  const [form] = Form.useForm<ShareFormValues>();
  const [errorText, setErrorText] = useState<string | null>(null);
  const share = useSharePlant();

  const submit = (values: ShareFormValues) => {
    setErrorText(null);
    share.mutate(
      { params: { id: plantId }, body: { account: values.account.trim(), role: values.role } },
      {
        onSuccess: () => {
          void message.success(t('share.done'));
          form.resetFields(['account']);
        },
        onError: (failure) => setErrorText(handledAccountError(failure)),
      },
    );
  };

  return (
    <Modal title={t('share.title')} open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Form<ShareFormValues>
        form={form}
        layout="vertical"
        initialValues={{ role: 'visitor' }}
        onFinish={submit}
      >
        <Form.Item name="account" label={t('share.account')} rules={[zodRule(rules.email, t)]}>
          <Input autoComplete="off" placeholder="name@example.com" />
        </Form.Item>
        <Form.Item name="role" label={t('share.roleLabel')}>
          <Radio.Group
            options={SHARE_ROLES.map((role) => ({ value: role, label: t(`share.role.${role}`) }))}
          />
        </Form.Item>
        {errorText && (
          <Alert type="error" showIcon title={errorText} style={{ marginBottom: 16 }} />
        )}
        <SubmitButton type="primary" htmlType="submit" loading={share.isPending}>
          {t('share.submit')}
        </SubmitButton>
      </Form>
      <Divider />
      {open && <ShareUsersList plantId={plantId} />}
    </Modal>
  );
}
