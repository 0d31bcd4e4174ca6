import { type EpmSettings, EXPORT_LIMIT_MODES, FAIL_SAFE_MODES } from '@solar/contract';
import { Alert, Button, Form, InputNumber, Select, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../shared/api/failure-text';
import { Permit } from '../../../shared/permissions/Permit';
import { useReadEpmSettings, useWriteEpmSettings } from '../api';

/**
 * The export limitation of one EPM: read from the device, written through the command channel,
 * and shown as the device read it back.
 */
export function EpmSettingsForm({ sn }: { sn: string }): ReactNode {
  const { t } = useTranslation('epm');
  const [form] = Form.useForm<EpmSettings>();
  const read = useReadEpmSettings();
  const write = useWriteEpmSettings();
  const [message, setMessage] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  const show = (settings: EpmSettings | null) => {
    if (settings) form.setFieldsValue(settings);
    setMessage({ type: 'success', text: t('settings.readBack') });
  };
  const fail = (error: unknown) =>
    setMessage({
      type: 'error',
      text: failureText(error, t('settings.failed')),
    });

  const load = async () => {
    try {
      show((await read.mutateAsync({ params: { sn } })).settings);
    } catch (error) {
      fail(error);
    }
  };
  const save = async (values: EpmSettings) => {
    try {
      show((await write.mutateAsync({ params: { sn }, body: values })).settings);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Form<EpmSettings>
      form={form}
      layout="inline"
      initialValues={{ mode: 'watts', limit: 0, failSafe: 'zeroExport' }}
      onFinish={(values) => void save(values)}
    >
      <Form.Item name="mode" label={t('settings.mode')}>
        <Select
          style={{ width: 120 }}
          options={EXPORT_LIMIT_MODES.map((mode) => ({ value: mode, label: t(`modes.${mode}`) }))}
        />
      </Form.Item>
      <Form.Item name="limit" label={t('settings.limit')} rules={[{ required: true }]}>
        <InputNumber min={0} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="failSafe" label={t('settings.failSafe')}>
        <Select
          style={{ width: 200 }}
          options={FAIL_SAFE_MODES.map((mode) => ({ value: mode, label: t(`failSafe.${mode}`) }))}
        />
      </Form.Item>
      <Space>
        <Button loading={read.isPending} onClick={() => void load()}>
          {t('settings.read')}
        </Button>
        <Permit permission="epm.setting">
          <Button type="primary" htmlType="submit" loading={write.isPending}>
            {t('settings.write')}
          </Button>
        </Permit>
      </Space>
      {message && (
        <Alert style={{ marginTop: 8, width: '100%' }} type={message.type} message={message.text} />
      )}
    </Form>
  );
}
