import { rules } from '@solar/contract';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../../shared/forms/zod-rule';
import { SubmitButton } from '../../../../shared/ui/SubmitButton';
import { useLeaveGonePlant } from '../../useLeaveGonePlant';
import { useTransferPlant } from '../../api';
import { handledAccountError } from './account-errors';

interface TransferDialogProps {
  plantId: number;
  plantName: string;
  open: boolean;
  onClose: () => void;
}

export function TransferDialog({ plantId, plantName, open, onClose }: TransferDialogProps) {
  const { t } = useTranslation('plants');
  const { message } = App.useApp();
  const leaveGonePlant = useLeaveGonePlant();
  const [errorText, setErrorText] = useState<string | null>(null);
  const transfer = useTransferPlant();

  const submit = ({ account }: { account: string }) => {
    setErrorText(null);
    transfer.mutate(
      { params: { id: plantId }, body: { account: account.trim() } },
      {
        onSuccess: () => {
          void message.success(t('transfer.done'));
          onClose();
          leaveGonePlant(plantId);
        },
        onError: (failure) => setErrorText(handledAccountError(failure)),
      },
    );
  };

  return (
    <Modal title={t('transfer.title')} open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="warning">
        {t('transfer.warning', { name: plantName })}
      </Typography.Paragraph>
      <Form<{ account: string }> layout="vertical" onFinish={submit}>
        <Form.Item name="account" label={t('transfer.account')} rules={[zodRule(rules.email, t)]}>
          <Input autoComplete="off" placeholder="name@example.com" />
        </Form.Item>
        {errorText && (
          <Alert type="error" showIcon title={errorText} style={{ marginBottom: 16 }} />
        )}
        <SubmitButton type="primary" danger htmlType="submit" loading={transfer.isPending}>
          {t('transfer.submit')}
        </SubmitButton>
      </Form>
    </Modal>
  );
}
