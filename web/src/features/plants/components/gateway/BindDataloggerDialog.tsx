import { ErrorCode, type ErrorCodeValue, rules } from '@solar/contract';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { zodRule } from '../../../../shared/forms/zod-rule';
import { errorText as catalogueText } from '../../../../shared/i18n/error-text';
import { SubmitButton } from '../../../../shared/ui/SubmitButton';
import { useBindPlantGateway } from '../../api';

/** Codes the bind call tolerates: the dialog shows them beside the form. */
const HANDLED: readonly ErrorCodeValue[] = [
  ErrorCode.noPermission,
  ErrorCode.dataloggerCredentials,
  ErrorCode.dataloggerInUse,
  ErrorCode.dataloggerNotFound,
];

function handledBindError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const code = HANDLED.find((handled) => handled === error.code);
  return code === undefined ? null : catalogueText(code);
}

interface BindDataloggerDialogProps {
  plantId: number;
  open: boolean;
  onClose: () => void;
}

interface BindForm {
  sn: string;
  key: string;
}

export function BindDataloggerDialog({ plantId, open, onClose }: BindDataloggerDialogProps) {
  const { t } = useTranslation('plants');
  const { message } = App.useApp();
  const [errorText, setErrorText] = useState<string | null>(null);
  const bind = useBindPlantGateway();

  const submit = ({ sn, key }: BindForm) => {
    setErrorText(null);
    bind.mutate(
      { params: { id: plantId }, body: { sn: sn.trim(), key: key.trim() } },
      {
        onSuccess: () => {
          void message.success(t('gateway.done'));
          onClose();
        },
        onError: (failure) => setErrorText(handledBindError(failure)),
      },
    );
  };

  return (
    <Modal title={t('gateway.title')} open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('gateway.hint')}</Typography.Paragraph>
      <Form<BindForm> layout="vertical" onFinish={submit}>
        <Form.Item name="sn" label={t('gateway.sn')} rules={[zodRule(rules.serialNumber, t)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="key" label={t('gateway.key')} rules={[zodRule(rules.serialNumber, t)]}>
          <Input autoComplete="off" />
        </Form.Item>
        {errorText && (
          <Alert type="error" showIcon title={errorText} style={{ marginBottom: 16 }} />
        )}
        <SubmitButton type="primary" htmlType="submit" loading={bind.isPending}>
          {t('gateway.submit')}
        </SubmitButton>
      </Form>
    </Modal>
  );
}
