import {
  CAMPAIGN_ACTIONS_BY_STATUS,
  type CampaignAction,
  type CampaignDevice,
  type CampaignWave,
} from '@solar/contract';
import { Alert, Button, Card, Descriptions, Popconfirm, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useHeldPermissions } from '../../../shared/permissions/PermissionContext';
import { useCampaign, useChangeCampaign } from '../api';
import { CampaignProgress, CampaignStatusTag, DEVICE_COLORS } from './campaign-status';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';
import { readerMoment } from '../../../shared/format/formatters';

const time = (value: string | null) => (value ? readerMoment(value, 'second') : '—');

function WavesTable(props: { waves: CampaignWave[] }): ReactNode {
  const { t } = useTranslation('firmware');
  return (
    <ResponsiveTable<CampaignWave>
      size="small"
      pagination={false}
      rowKey={(wave) => wave.number}
      dataSource={props.waves}
      aria-label={t('campaigns.waves')}
      columns={[
        { key: 'number', title: t('campaigns.fields.wave'), render: (_, w) => w.number },
        { key: 'size', title: t('campaigns.fields.devices'), render: (_, w) => w.size },
        {
          key: 'succeeded',
          title: t('campaigns.deviceStatuses.succeeded'),
          render: (_, w) => w.succeeded,
        },
        { key: 'failed', title: t('campaigns.deviceStatuses.failed'), render: (_, w) => w.failed },
        { key: 'open', title: t('campaigns.deviceStatuses.sent'), render: (_, w) => w.open },
        {
          key: 'rate',
          title: t('campaigns.fields.failureRate'),
          render: (_, w) => `${w.failureRatePercent} %`,
        },
        {
          key: 'started',
          title: t('campaigns.fields.startedAt'),
          render: (_, w) => time(w.startedAt),
        },
        {
          key: 'finished',
          title: t('campaigns.fields.finishedAt'),
          render: (_, w) => time(w.finishedAt),
        },
      ]}
    />
  );
}

function DevicesTable(props: { devices: CampaignDevice[] }): ReactNode {
  const { t } = useTranslation('firmware');
  return (
    <ResponsiveTable<CampaignDevice>
      size="small"
      rowKey={(device) => device.sn}
      dataSource={props.devices}
      pagination={{ pageSize: 20 }}
      columns={[
        { key: 'sn', title: t('log.sn'), render: (_, d) => d.sn },
        { key: 'plant', title: t('log.plant'), render: (_, d) => d.plantName ?? '—' },
        { key: 'from', title: t('log.fromVersion'), render: (_, d) => d.fromVersion ?? '—' },
        { key: 'wave', title: t('campaigns.fields.wave'), render: (_, d) => d.wave ?? '—' },
        {
          key: 'status',
          title: t('log.status'),
          render: (_, d) => (
            <Tag color={DEVICE_COLORS[d.status]}>{t(`campaigns.deviceStatuses.${d.status}`)}</Tag>
          ),
        },
        { key: 'reason', title: t('log.reason'), render: (_, d) => d.reason ?? '' },
      ]}
    />
  );
}

/** The buttons the campaign's state allows, for a user who may upgrade devices. */
function CampaignActions(props: { campaignId: string; actions: readonly CampaignAction[] }) {
  const { t } = useTranslation('firmware');
  const change = useChangeCampaign();
  const held = useHeldPermissions();
  if (!held.has('inverter.upgrade')) return null;
  const act = (action: CampaignAction) =>
    change.mutateAsync({ params: { campaignId: props.campaignId }, body: { action } });
  return (
    <Space>
      {props.actions.map((action) =>
        action === 'cancel' ? (
          <Popconfirm
            key={action}
            title={t('campaigns.cancelQuestion')}
            onConfirm={() => act(action)}
          >
            <Button danger>{t('campaigns.actions.cancel')}</Button>
          </Popconfirm>
        ) : (
          <Button key={action} loading={change.isPending} onClick={() => void act(action)}>
            {t(`campaigns.actions.${action}`)}
          </Button>
        ),
      )}
    </Space>
  );
}

/** `/firmware/campaign?id=`: one campaign live, with its waves, devices and actions. */
export default function CampaignDetailPage(): ReactNode {
  const { t } = useTranslation('firmware');
  const [params] = useSearchParams();
  const campaignId = params.get('id') ?? '';
  const detail = useCampaign(campaignId);
  const data = detail.data;
  if (!data) return null;
  const { campaign } = data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        title={campaign.name}
        extra={
          <CampaignActions
            campaignId={campaign.id}
            actions={CAMPAIGN_ACTIONS_BY_STATUS[campaign.status]}
          />
        }
      >
        {campaign.pauseReason === 'failureRate' && (
          <Alert
            type="error"
            showIcon
            message={t('campaigns.autoPaused', { threshold: campaign.failureThresholdPercent })}
          />
        )}
        <Descriptions column={3} size="small">
          <Descriptions.Item label={t('log.status')}>
            <CampaignStatusTag campaign={campaign} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.version')}>{campaign.toVersion}</Descriptions.Item>
          <Descriptions.Item label={t('fields.fileName')}>
            {campaign.firmwareFileName}
          </Descriptions.Item>
          <Descriptions.Item label={t('campaigns.fields.window')}>
            {t(`campaigns.windows.${campaign.window.mode}`)}
            {campaign.window.mode === 'hours'
              ? ` ${campaign.window.start}–${campaign.window.end}`
              : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('campaigns.fields.failureThresholdPercent')}>
            {campaign.failureThresholdPercent} %
          </Descriptions.Item>
          <Descriptions.Item label={t('campaigns.fields.devices')}>
            {campaign.totalDevices}
          </Descriptions.Item>
        </Descriptions>
        <CampaignProgress campaign={campaign} />
      </Card>
      <Card title={t('campaigns.waves')}>
        <WavesTable waves={data.waves} />
      </Card>
      <Card title={t('campaigns.fields.devices')}>
        <DevicesTable devices={data.devices} />
      </Card>
    </Space>
  );
}
