import { PlusOutlined } from '@ant-design/icons';
import type { ReportConfig } from '@solar/contract';
import { App, Button, Popconfirm, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageCard } from '../../../shared/ui/PageCard';
import { recordTimeText } from '../../exports/record-text';
import { DOWNLOAD_RECORDS_PATH } from '../../exports/ExportButton';
import {
  REPORT_INFO_PATH,
  useDeleteReportConfig,
  useReportConfigFile,
  useReportConfigs,
} from '../api';
import { ReportConfigDialog } from '../ReportConfigDialog';
import { ReportDeliveriesDialog } from '../ReportDeliveriesDialog';
import { presetOf } from '../schedule-presets';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';

/**
 * The report list (`/workdata/report`): the user's saved report configurations, each opened as
 * a report page, produced as a file now, or on its schedule into the download records.
 */
export default function ReportsPage(): ReactNode {
  const { t } = useTranslation('reports');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const configs = useReportConfigs();
  const remove = useDeleteReportConfig();
  const fileNow = useReportConfigFile();
  const [editing, setEditing] = useState<ReportConfig | null | undefined>(undefined);
  const [watching, setWatching] = useState<ReportConfig | null>(null);

  const scheduleText = (schedule: string | null) => {
    if (schedule === null) return t('schedule.none');
    const preset = presetOf(schedule);
    return preset ? t(`schedule.${preset}`) : schedule;
  };

  const produce = async (config: ReportConfig) => {
    await fileNow.mutateAsync({ params: { id: config.id }, body: {} });
    void message.success(t('fileQueued'));
  };

  const actions = (config: ReportConfig) => (
    <Space wrap>
      <Button
        size="small"
        type="link"
        onClick={() => void navigate(`${REPORT_INFO_PATH}?config=${config.id}`)}
      >
        {t('open')}
      </Button>
      <Button size="small" type="link" onClick={() => void produce(config)}>
        {t('fileNow')}
      </Button>
      {config.recipients.length > 0 && (
        <Button size="small" type="link" onClick={() => setWatching(config)}>
          {t('deliveries.open')}
        </Button>
      )}
      <Button size="small" type="link" onClick={() => setEditing(config)}>
        {t('config.edit')}
      </Button>
      <Popconfirm
        title={t('config.deleteQuestion', { name: config.name })}
        onConfirm={() => remove.mutateAsync({ params: { id: config.id } })}
      >
        <Button size="small" type="link" danger>
          {t('config.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );

  return (
    <PageCard
      title={t('title')}
      extra={
        <Space>
          <Button onClick={() => void navigate(DOWNLOAD_RECORDS_PATH)}>{t('downloads')}</Button>
          <Button onClick={() => void navigate(REPORT_INFO_PATH)}>{t('newReport')}</Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('config.create')}
          </Button>
        </Space>
      }
    >
      <ResponsiveTable<ReportConfig>
        rowKey="id"
        loading={configs.isLoading}
        dataSource={configs.data?.infos}
        pagination={false}
        locale={{ emptyText: t('config.empty') }}
        columns={[
          { key: 'name', title: t('config.name'), dataIndex: 'name' },
          {
            key: 'period',
            title: t('period.label'),
            render: (_, row) => t(`period.${row.period}`),
          },
          {
            key: 'grouping',
            title: t('grouping.label'),
            render: (_, row) => t(`grouping.${row.grouping}`),
          },
          {
            key: 'format',
            title: t('config.format'),
            render: (_, row) => row.format.toUpperCase(),
          },
          {
            key: 'schedule',
            title: t('config.schedule'),
            render: (_, row) =>
              row.schedule === null
                ? scheduleText(null)
                : `${scheduleText(row.schedule)} (${row.timeZone})`,
          },
          {
            key: 'next',
            title: t('config.nextRun'),
            render: (_, row) => recordTimeText(row.nextRunAt),
          },
          { key: 'actions', title: t('config.actions'), render: (_, row) => actions(row) },
        ]}
      />
      {editing !== undefined && (
        <ReportConfigDialog open config={editing} onClose={() => setEditing(undefined)} />
      )}
      {watching && <ReportDeliveriesDialog config={watching} onClose={() => setWatching(null)} />}
    </PageCard>
  );
}
