import type { CampaignDeviceStatus, CampaignStatus, CampaignSummary } from '@solar/contract';
import { Progress, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const CAMPAIGN_COLORS: Record<CampaignStatus, string> = {
  running: 'processing',
  paused: 'warning',
  canceled: 'default',
  completed: 'success',
};

export const DEVICE_COLORS: Record<CampaignDeviceStatus, string> = {
  pending: 'default',
  sent: 'processing',
  succeeded: 'success',
  failed: 'error',
  offline: 'warning',
  skipped: 'default',
  canceled: 'default',
};

export function CampaignStatusTag(props: { campaign: CampaignSummary }): ReactNode {
  const { t } = useTranslation('firmware');
  const { status, pauseReason } = props.campaign;
  return (
    <Tag color={CAMPAIGN_COLORS[status]}>
      {t(`campaigns.statuses.${status}`)}
      {pauseReason ? ` · ${t(`campaigns.pauseReasons.${pauseReason}`)}` : ''}
    </Tag>
  );
}

/** Finished devices of the whole campaign: succeeded in green, failed in red. */
export function CampaignProgress(props: { campaign: CampaignSummary }): ReactNode {
  const { counts, totalDevices } = props.campaign;
  const done = totalDevices - counts.pending - counts.sent;
  const percent = totalDevices === 0 ? 0 : Math.round((done / totalDevices) * 100);
  const success = totalDevices === 0 ? 0 : Math.round((counts.succeeded / totalDevices) * 100);
  return (
    <Progress
      percent={percent}
      success={{ percent: success }}
      size="small"
      status={counts.failed > 0 ? 'exception' : 'normal'}
    />
  );
}
