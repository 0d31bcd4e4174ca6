import { ErrorCode, type FirmwareRecord, type UpgradeProgress } from '@solar/contract';
import { Alert, Input, Modal, Progress, Radio, Space, DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { useBatchProgress, useBatchUpgrade, useCutUpgrade } from '../api';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';

type Mode = 'now' | 'cut';

function offlineOf(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.upgradeDevicesOffline) return null;
  const sns = (error.data as { sns?: unknown } | null)?.sns;
  return Array.isArray(sns) ? sns.filter((sn): sn is string => typeof sn === 'string') : [];
}

const STATUS_OF_BAR: Partial<
  Record<UpgradeProgress['status'], 'success' | 'exception' | 'active'>
> = {
  succeeded: 'success',
  failed: 'exception',
  canceled: 'exception',
  downloading: 'active',
  installing: 'active',
};

/** Live progress of every device of a batch, and of the batch. */
export function BatchProgress(props: { batchId: string }): ReactNode {
  const { t } = useTranslation('firmware');
  const progress = useBatchProgress(props.batchId);
  const data = progress.data;
  if (!data) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Progress
        percent={data.percent}
        status={data.isFinished ? (data.failed > 0 ? 'exception' : 'success') : 'active'}
        aria-label={t('upgrade.batchProgress')}
      />
      <ResponsiveTable<UpgradeProgress>
        size="small"
        pagination={false}
        rowKey={(row) => row.jobId}
        dataSource={data.devices}
        columns={[
          { key: 'sn', title: t('log.sn'), render: (_, row) => row.sn },
          {
            key: 'progress',
            title: t('log.progress'),
            render: (_, row) => (
              <Progress
                percent={row.percent}
                size="small"
                status={STATUS_OF_BAR[row.status] ?? 'normal'}
              />
            ),
          },
          {
            key: 'status',
            title: t('log.status'),
            render: (_, row) => t(`statuses.${row.status}`),
          },
          { key: 'reason', title: t('log.reason'), render: (_, row) => row.failureReason ?? '' },
        ]}
      />
    </Space>
  );
}

/**
 * Upgrades devices to one firmware: now, or as a cut upgrade (after the device's current
 * operation, at or after a set time). Offline devices are listed first and the user decides.
 */
export function UpgradeDialog(props: { firmware: FirmwareRecord; onClose: () => void }): ReactNode {
  const { t } = useTranslation('firmware');
  const [sns, setSns] = useState('');
  const [mode, setMode] = useState<Mode>('now');
  const [at, setAt] = useState<Dayjs | null>(null);
  const [offline, setOffline] = useState<string[] | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);
  const batch = useBatchUpgrade();
  const cut = useCutUpgrade();
  const list = [...new Set(sns.split(/[\s,;]+/).filter(Boolean))];

  const submit = async () => {
    const body = { firmwareId: props.firmware.id, sns: list, includeOffline: offline !== null };
    try {
      const started =
        mode === 'cut'
          ? await cut.mutateAsync({ body: { ...body, ...(at ? { at: at.toISOString() } : {}) } })
          : await batch.mutateAsync({ body });
      setBatchId(started.batchId);
    } catch (error) {
      const devices = offlineOf(error);
      if (devices) setOffline(devices);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={t('upgrade.title', {
        version: props.firmware.version,
        product: props.firmware.product,
      })}
      okText={batchId ? t('upgrade.close') : offline ? t('upgrade.continue') : t('upgrade.start')}
      okButtonProps={{
        disabled: !batchId && list.length === 0,
        loading: batch.isPending || cut.isPending,
      }}
      onOk={() => (batchId ? props.onClose() : void submit())}
      onCancel={props.onClose}
    >
      {batchId ? (
        <BatchProgress batchId={batchId} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            aria-label={t('upgrade.devices')}
            placeholder={t('upgrade.devicesHint')}
            rows={4}
            value={sns}
            onChange={(event) => {
              setSns(event.target.value);
              setOffline(null);
            }}
          />
          <Radio.Group value={mode} onChange={(event) => setMode(event.target.value as Mode)}>
            <Radio value="now">{t('upgrade.now')}</Radio>
            <Radio value="cut">{t('upgrade.cut')}</Radio>
          </Radio.Group>
          {mode === 'cut' && (
            <>
              <Alert type="info" showIcon message={t('upgrade.cutHint')} />
              <DatePicker showTime value={at} onChange={setAt} aria-label={t('upgrade.at')} />
            </>
          )}
          {offline && (
            <Alert
              type="warning"
              showIcon
              message={t('upgrade.offline')}
              description={offline.join(', ')}
            />
          )}
        </Space>
      )}
    </Modal>
  );
}
