import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_WINDOW_MODES,
  campaignClockTime,
  type CampaignWindowMode,
  createCampaignBody,
  defaultCampaignWindow,
  type FirmwareRecord,
} from '@solar/contract';
import { Alert, Form, Input, InputNumber, Modal, Radio, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useCreateCampaign } from '../api';

interface Values {
  name: string;
  fromVersion?: string;
  canaryPercent: number;
  growthFactor: number;
  maxWaveSize: number;
  failureThresholdPercent: number;
  windowMode: CampaignWindowMode;
  start?: string;
  end?: string;
}

/** The numeric rules of a campaign, each with its contract range. */
const NUMBER_FIELDS = [
  { name: 'canaryPercent', range: CAMPAIGN_LIMITS.canaryPercent, step: 0.5 },
  { name: 'growthFactor', range: CAMPAIGN_LIMITS.growthFactor, step: 0.5 },
  { name: 'maxWaveSize', range: CAMPAIGN_LIMITS.maxWaveSize, step: 1 },
  { name: 'failureThresholdPercent', range: CAMPAIGN_LIMITS.failureThresholdPercent, step: 1 },
] as const;

const shape = createCampaignBody.shape;

/**
 * Starts a campaign for a firmware: every device of its model the user may upgrade (narrowed by
 * the current version), in a canary wave and growing waves, inside the chosen window.
 */
export function CampaignDialog(props: {
  firmware: FirmwareRecord;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation(['firmware', 'validation']);
  const [form] = Form.useForm<Values>();
  const create = useCreateCampaign();
  const navigate = useNavigate();
  const windowMode = Form.useWatch('windowMode', form);
  const defaultMode = defaultCampaignWindow(props.firmware.equipType).mode;

  const submit = async (values: Values) => {
    const campaign = await create.mutateAsync({
      body: {
        name: values.name,
        firmwareId: props.firmware.id,
        ...(values.fromVersion ? { fromVersion: values.fromVersion } : {}),
        canaryPercent: values.canaryPercent,
        growthFactor: values.growthFactor,
        maxWaveSize: values.maxWaveSize,
        failureThresholdPercent: values.failureThresholdPercent,
        window:
          values.windowMode === 'hours'
            ? { mode: 'hours', start: values.start, end: values.end }
            : { mode: values.windowMode },
      },
    });
    props.onClose();
    void navigate(`/firmware/campaign?id=${campaign.id}`);
  };

  return (
    <Modal
      open
      width={640}
      title={t('campaigns.startTitle', { version: props.firmware.version })}
      okText={t('campaigns.start')}
      okButtonProps={{ loading: create.isPending }}
      onOk={() => form.submit()}
      onCancel={props.onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values).catch(() => undefined)}
        initialValues={{
          name: `${props.firmware.product} ${props.firmware.version}`,
          canaryPercent: 1,
          growthFactor: 2,
          maxWaveSize: 500,
          failureThresholdPercent: 20,
          windowMode: defaultMode,
        }}
      >
        <Form.Item name="name" label={t('campaigns.fields.name')} rules={[zodRule(shape.name, t)]}>
          <Input />
        </Form.Item>
        <Form.Item name="fromVersion" label={t('campaigns.fields.fromVersion')}>
          <Input placeholder={t('campaigns.fromVersionHint')} />
        </Form.Item>
        <Space wrap>
          {NUMBER_FIELDS.map((field) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={t(`campaigns.fields.${field.name}`)}
              rules={[zodRule(shape[field.name], t)]}
            >
              <InputNumber min={field.range.min} max={field.range.max} step={field.step} />
            </Form.Item>
          ))}
        </Space>
        <Form.Item name="windowMode" label={t('campaigns.fields.window')}>
          <Radio.Group>
            {CAMPAIGN_WINDOW_MODES.map((mode) => (
              <Radio key={mode} value={mode}>
                {t(`campaigns.windows.${mode}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {windowMode === 'hours' && (
          <Space>
            {(['start', 'end'] as const).map((name) => (
              <Form.Item
                key={name}
                name={name}
                label={t(`campaigns.fields.${name}`)}
                rules={[zodRule(campaignClockTime, t)]}
              >
                <Input placeholder="HH:MM" />
              </Form.Item>
            ))}
          </Space>
        )}
        <Alert type="info" showIcon message={t('campaigns.hint')} />
      </Form>
    </Modal>
  );
}
